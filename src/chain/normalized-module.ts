// A package's modules as gRPC's MovePackageService describes them (datatype and function descriptors),
// written in the shape JSON-RPC's `sui_getNormalizedMoveModulesByPackage` had: the shape smi-bench's RPC
// comparison and `extract --emit-json` have always read and written, so their output does not change with
// the protocol.
import { GrpcTypes } from '@mysten/sui/grpc';
import type { RpcModule } from '../contracts/rpc-module.js';

const { Ability, OpenSignatureBody_Type: BodyType, OpenSignature_Reference: Reference } = GrpcTypes;
const { FunctionDescriptor_Visibility: Visibility, DatatypeDescriptor_DatatypeKind: Kind } = GrpcTypes;

const ABILITY_NAMES: Record<number, string> = {
  [Ability.COPY]: 'Copy',
  [Ability.DROP]: 'Drop',
  [Ability.STORE]: 'Store',
  [Ability.KEY]: 'Key',
};

const abilities = (list: readonly number[]) => ({
  abilities: list.map((a) => ABILITY_NAMES[a] ?? 'Unknown'),
});

const PRIMITIVES: Record<number, string> = {
  [BodyType.ADDRESS]: 'Address',
  [BodyType.BOOL]: 'Bool',
  [BodyType.U8]: 'U8',
  [BodyType.U16]: 'U16',
  [BodyType.U32]: 'U32',
  [BodyType.U64]: 'U64',
  [BodyType.U128]: 'U128',
  [BodyType.U256]: 'U256',
};

function body(type: GrpcTypes.OpenSignatureBody | undefined): unknown {
  const kind = type?.type ?? BodyType.TYPE_UNKNOWN;
  if (PRIMITIVES[kind]) return PRIMITIVES[kind];
  if (kind === BodyType.VECTOR) return { Vector: body(type?.typeParameterInstantiation[0]) };
  if (kind === BodyType.TYPE_PARAMETER) return { TypeParameter: type?.typeParameter ?? 0 };
  if (kind === BodyType.DATATYPE) {
    const [address = '', module = '', name = ''] = (type?.typeName ?? '').split('::');
    return {
      Struct: { address, module, name, typeArguments: (type?.typeParameterInstantiation ?? []).map(body) },
    };
  }
  throw new Error(`the node described a type of unknown kind ${kind}`);
}

function signature(sig: GrpcTypes.OpenSignature): unknown {
  const inner = body(sig.body);
  if (sig.reference === Reference.IMMUTABLE) return { Reference: inner };
  if (sig.reference === Reference.MUTABLE) return { MutableReference: inner };
  return inner;
}

const VISIBILITY: Record<number, string> = {
  [Visibility.PRIVATE]: 'Private',
  [Visibility.PUBLIC]: 'Public',
  [Visibility.FRIEND]: 'Friend',
};

/** Structs and the functions JSON-RPC exposed (public, friend, or entry), by module name. */
export function normalizedModules(pkg: GrpcTypes.Package): Record<string, RpcModule> {
  return Object.fromEntries(
    pkg.modules.map((module) => [
      module.name ?? '',
      {
        structs: Object.fromEntries(
          module.datatypes
            .filter((d) => d.kind !== Kind.ENUM)
            .map((d) => [
              d.name ?? '',
              {
                abilities: abilities(d.abilities),
                typeParameters: d.typeParameters.map((p) => ({
                  constraints: abilities(p.constraints),
                  isPhantom: p.isPhantom ?? false,
                })),
                fields: d.fields.map((f) => ({ name: f.name ?? '', type: body(f.type) })),
              },
            ]),
        ),
        exposedFunctions: Object.fromEntries(
          module.functions
            .filter((f) => f.visibility !== Visibility.PRIVATE || f.isEntry)
            .map((f) => [
              f.name ?? '',
              {
                visibility: VISIBILITY[f.visibility ?? 0] ?? 'Private',
                isEntry: f.isEntry ?? false,
                typeParameters: f.typeParameters.map((p) => abilities(p.constraints)),
                parameters: f.parameters.map(signature),
                return: f.returns.map(signature),
              },
            ]),
        ),
      },
    ]),
  );
}
