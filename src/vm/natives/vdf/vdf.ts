// `sui::vdf`: `hash_to_input_internal` and `vdf_verify_internal` over fastcrypto's class group of
// the fixed 3 072-bit discriminant, with Sui's native's outcomes: bytes that do not decode as a
// `QuadraticForm` abort with 0; forms of another group or a wrong proof return false.
import { abort, VmError } from '../../errors.js';
import { asBigInt, bytesValue } from '../../values.js';
import { bytesBehind } from '../byte-args.js';
import { register, SUI, type NativeTable } from '../registry.js';
import { DISCRIMINANT_3072 } from './discriminant.js';
import { decodeForm, encodeForm } from './form-encoding.js';
import { hashToGroup } from './hash-to-group.js';
import { verifyWesolowski } from './wesolowski.js';

const INVALID_INPUT = 0;

export function registerVdf(table: NativeTable): void {
  register(table, SUI, 'vdf', {
    hash_to_input_internal: (_ctx, _t, [message]) => [
      bytesValue(encodeForm(hashToGroup(bytesBehind(message!), DISCRIMINANT_3072))),
    ],
    vdf_verify_internal: (_ctx, _t, [input, output, proof, iterations]) => {
      const [inputForm, outputForm, proofForm] = [input!, output!, proof!].map((arg) =>
        decodeForm(bytesBehind(arg)),
      );
      if (!inputForm || !outputForm || !proofForm)
        throw abort(INVALID_INPUT, 'vdf: bytes that are not a BCS QuadraticForm');
      try {
        return [verifyWesolowski(DISCRIMINANT_3072, asBigInt(iterations!), inputForm, outputForm, proofForm)];
      } catch (error) {
        // Some forms that are not positive definite make NUCOMP divide by zero. fastcrypto panics
        // there and Sui's native does not catch it: there is no Move outcome to reproduce.
        if (error instanceof RangeError)
          throw new VmError(
            'UNIMPLEMENTED_NATIVE',
            `vdf_verify_internal: fastcrypto panics here (${error.message})`,
          );
        throw error;
      }
    },
  });
}
