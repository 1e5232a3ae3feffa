// `config::read_setting_impl`, Sui's read of a per-epoch setting (the deny list's regulated-coin settings):
// the `Field<Name, Setting<Value>>` child of the Config object as stored before the transaction, never what the
// transaction changed. A setting that is missing, owned elsewhere or of another type reads as none; else the
// value that holds in `current_epoch`: the newer one once its epoch is past, the older one until then.
import { decodeValue } from '../bcs-values.js';
import { typesEqual } from '../types.js';
import { asAddress, asBigInt, asStruct, asVector, Struct, type Value } from '../values.js';
import { register, SUI, type NativeTable } from './registry.js';

const none = (): Value => new Struct([[]]);

export function registerSuiConfig(table: NativeTable): void {
  register(table, SUI, 'config', {
    read_setting_impl: (ctx, [fieldType], [config, name, currentEpoch]) => {
      const stored = ctx.tx.storedChildren.get(asAddress(name!));
      if (!stored || stored.parent !== asAddress(config!) || !typesEqual(stored.type, fieldType!))
        return [none()];
      // Field { id, name, value: Setting { data: Option<SettingData> } }
      const setting = asStruct(asStruct(decodeValue(fieldType!, stored.bytes, ctx.resolve)).fields[2]!);
      const [data] = asVector(asStruct(setting.fields[0]!).fields[0]!);
      if (data === undefined) return [none()];
      const [newerEpoch, newerValue, olderValue] = asStruct(data).fields;
      return [asBigInt(currentEpoch!) > asBigInt(newerEpoch!) ? newerValue! : olderValue!];
    },
  });
}
