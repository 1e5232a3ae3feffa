// What MovePackageService.GetPackage says of each module: its datatypes and functions as gRPC descriptors,
// read from the bytecode by smi-bench's extractor (the same one `extract` runs).
import { GrpcTypes } from '@mysten/sui/grpc';
import type { Ability, InterfaceField, MoveType } from '../core/types.js';
import { buildInterface, deserializeModule } from '../move/index.js';
import type { ServedPackage } from '../package-store/chain-package.js';

const { OpenSignatureBody_Type: BodyType, OpenSignature_Reference: Reference } = GrpcTypes;
const { FunctionDescriptor_Visibility: Visibility, DatatypeDescriptor_DatatypeKind: Kind } = GrpcTypes;

const ABILITIES: Record<Ability, GrpcTypes.Ability> = {
  copy: GrpcTypes.Ability.COPY,
  drop: GrpcTypes.Ability.DROP,
  store: GrpcTypes.Ability.STORE,
  key: GrpcTypes.Ability.KEY,
};

const PRIMITIVES: Partial<Record<MoveType['kind'], GrpcTypes.OpenSignatureBody_Type>> = {
  address: BodyType.ADDRESS,
  bool: BodyType.BOOL,
  u8: BodyType.U8,
  u16: BodyType.U16,
  u32: BodyType.U32,
  u64: BodyType.U64,
  u128: BodyType.U128,
  u256: BodyType.U256,
};

function body(type: MoveType): GrpcTypes.OpenSignatureBody {
  if (type.kind === 'vector') return { type: BodyType.VECTOR, typeParameterInstantiation: [body(type.type)] };
  if (type.kind === 'type_param')
    return { type: BodyType.TYPE_PARAMETER, typeParameter: type.index, typeParameterInstantiation: [] };
  if (type.kind === 'datatype')
    return {
      type: BodyType.DATATYPE,
      typeName: `${type.address}::${type.module}::${type.name}`,
      typeParameterInstantiation: type.type_args.map(body),
    };
  if (type.kind === 'ref') throw new Error('a reference inside a type');
  return { type: PRIMITIVES[type.kind] ?? BodyType.TYPE_UNKNOWN, typeParameterInstantiation: [] };
}

function signature(type: MoveType): GrpcTypes.OpenSignature {
  if (type.kind === 'ref')
    return { reference: type.mutable ? Reference.MUTABLE : Reference.IMMUTABLE, body: body(type.to) };
  return { body: body(type) };
}

const fields = (list: InterfaceField[]): GrpcTypes.FieldDescriptor[] =>
  list.map((f, position) => ({ name: f.name, position, type: body(f.type) }));

const typeParameters = (list: { constraints: Ability[]; is_phantom?: boolean }[]) =>
  list.map((p) => ({
    constraints: p.constraints.map((a) => ABILITIES[a]),
    isPhantom: p.is_phantom ?? false,
  }));

export function moduleDescriptors(pkg: ServedPackage): GrpcTypes.Module[] {
  const iface = buildInterface(
    pkg.modules.map((m) => deserializeModule(m.bytes, m.name)),
    pkg.originalId,
    { includeEnums: true },
  );
  const definingId = (module: string, name: string) =>
    pkg.typeOrigins.find((o) => o.module === module && o.name === name)?.package ?? pkg.originalId;
  return pkg.modules.map(({ name, bytes }) => {
    const m = iface.modules[name]!;
    const datatype = (typeName: string, kind: GrpcTypes.DatatypeDescriptor_DatatypeKind) => ({
      typeName: `${m.address}::${name}::${typeName}`,
      definingId: definingId(name, typeName),
      module: name,
      name: typeName,
      kind,
    });
    return {
      name,
      contents: bytes,
      datatypes: [
        ...Object.entries(m.structs).map(([s, st]) => ({
          ...datatype(s, Kind.STRUCT),
          abilities: st.abilities.map((a) => ABILITIES[a]),
          typeParameters: typeParameters(st.type_params),
          fields: fields(st.fields),
          variants: [],
        })),
        ...Object.entries(m.enums ?? {}).map(([e, en]) => ({
          ...datatype(e, Kind.ENUM),
          abilities: en.abilities.map((a) => ABILITIES[a]),
          typeParameters: typeParameters(en.type_params),
          fields: [],
          variants: en.variants.map((v) => ({ name: v.name, position: v.tag, fields: fields(v.fields) })),
        })),
      ],
      functions: Object.entries(m.functions).map(([f, fn]) => ({
        name: f,
        visibility: { public: Visibility.PUBLIC, friend: Visibility.FRIEND, private: Visibility.PRIVATE }[
          fn.visibility
        ],
        isEntry: fn.is_entry,
        typeParameters: typeParameters(fn.type_params),
        parameters: fn.params.map(signature),
        returns: fn.returns.map(signature),
      })),
    };
  });
}
