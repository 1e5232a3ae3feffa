// What a Sui fullnode's JSON-RPC answers about a package, built from an interface JSON, for stub fullnodes
// on 127.0.0.1: `sui_getNormalizedMoveModulesByPackage`'s modules in their real shape.
import type { InterfaceJson, MoveType } from '../../src/core/types.js';

/** A type of the interface JSON as a fullnode's normalized module writes it. */
function rpcType(t: MoveType): unknown {
  switch (t.kind) {
    case 'vector':
      return { Vector: rpcType(t.type) };
    case 'ref':
      return { [t.mutable ? 'MutableReference' : 'Reference']: rpcType(t.to) };
    case 'type_param':
      return { TypeParameter: t.index };
    case 'datatype':
      // Fullnodes print short addresses: `0x2`.
      return {
        Struct: {
          address: `0x${t.address.slice(2).replace(/^0+(?=.)/, '')}`,
          module: t.module,
          name: t.name,
          typeArguments: t.type_args.map(rpcType),
        },
      };
    default:
      return t.kind[0]!.toUpperCase() + t.kind.slice(1);
  }
}

const caps = (abilities: string[]) => abilities.map((a) => a[0]!.toUpperCase() + a.slice(1));

export function normalizedModules(iface: InterfaceJson): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(iface.modules).map(([name, m]) => [
      name,
      {
        fileFormatVersion: 6,
        address: m.address,
        name,
        friends: [],
        structs: Object.fromEntries(
          Object.entries(m.structs).map(([s, st]) => [
            s,
            {
              abilities: { abilities: caps(st.abilities) },
              typeParameters: st.type_params.map((p) => ({
                constraints: { abilities: caps(p.constraints) },
                isPhantom: p.is_phantom,
              })),
              fields: st.fields.map((f) => ({ name: f.name, type: rpcType(f.type) })),
            },
          ]),
        ),
        exposedFunctions: Object.fromEntries(
          Object.entries(m.functions)
            .filter(([, f]) => f.visibility !== 'private' || f.is_entry)
            .map(([f, fn]) => [
              f,
              {
                visibility: fn.visibility[0]!.toUpperCase() + fn.visibility.slice(1),
                isEntry: fn.is_entry,
                typeParameters: fn.type_params.map((p) => ({ abilities: caps(p.constraints) })),
                parameters: fn.params.map(rpcType),
                return: fn.returns.map(rpcType),
              },
            ]),
        ),
      },
    ]),
  );
}
