// The bounds checker (move-binary-format's check_bounds.rs, run by Sui's deserializer before any
// verifier pass): every index into a pool or table is in range, every type names its datatype with as
// many type arguments as it declares, type parameters exist, locals and branch targets fit the code
// unit. Modules read from bytes were checked when deserialized; those built in memory were not.
// Throws VerifyFailure at the first violation, in Sui's order.
import type { Bytecode, CodeUnit, ModuleJson, SignatureToken } from '../move/module-json.js';
import { fail, inFunction } from './errors.js';
import { BRANCH_OPCODES, indexOperand, opcodeOf, VECTOR_OPCODES } from './instructions.js';
import type { JumpTable } from './module-view.js';
import { preorder } from './tokens.js';

/** A code unit addresses locals with a u8. */
const MAX_LOCALS = 255;

const LOCAL_OPS = new Set(['CopyLoc', 'MoveLoc', 'StLoc', 'MutBorrowLoc', 'ImmBorrowLoc']);
const STRUCT_OPS = new Set([
  'Pack',
  'Unpack',
  'ExistsDeprecated',
  'ImmBorrowGlobalDeprecated',
  'MutBorrowGlobalDeprecated',
  'MoveFromDeprecated',
  'MoveToDeprecated',
]);
const STRUCT_GENERIC_OPS = new Set([
  'PackGeneric',
  'UnpackGeneric',
  'ExistsGenericDeprecated',
  'ImmBorrowGlobalGenericDeprecated',
  'MutBorrowGlobalGenericDeprecated',
  'MoveFromGenericDeprecated',
  'MoveToGenericDeprecated',
]);
const VARIANT_OPS = new Set(['PackVariant', 'UnpackVariant', 'UnpackVariantImmRef', 'UnpackVariantMutRef']);
const VARIANT_GENERIC_OPS = new Set([
  'PackVariantGeneric',
  'UnpackVariantGeneric',
  'UnpackVariantGenericImmRef',
  'UnpackVariantGenericMutRef',
]);

function within(length: number, index: number, what: string, offset?: number): void {
  if (!Number.isInteger(index) || index < 0 || index >= length)
    fail('INDEX_OUT_OF_BOUNDS', `${what} ${index} is out of bounds for ${length}`, offset);
}

class BoundsChecker {
  constructor(readonly module: ModuleJson) {}

  /** Datatype handles in range, each applied to as many type arguments as it declares. */
  type(token: SignatureToken): void {
    for (const node of preorder(token)) {
      if (typeof node === 'string') continue;
      const [handleIndex, args] =
        'Datatype' in node
          ? [node.Datatype, []]
          : 'DatatypeInstantiation' in node
            ? node.DatatypeInstantiation
            : [undefined, []];
      if (handleIndex === undefined) continue;
      within(this.module.datatype_handles.length, handleIndex, 'datatype handle');
      const expected = this.module.datatype_handles[handleIndex]?.type_parameters.length ?? 0;
      if (expected !== args.length)
        fail('NUMBER_OF_TYPE_ARGUMENTS_MISMATCH', `expected ${expected} type arguments, got ${args.length}`);
    }
  }

  typeParameters(token: SignatureToken, count: number, offset?: number): void {
    for (const node of preorder(token))
      if (typeof node !== 'string' && 'TypeParameter' in node)
        within(count, node.TypeParameter, 'type parameter', offset);
  }

  /** The type parameters of a signature that may not exist (already reported elsewhere if so). */
  signatureTypeParameters(signature: number, count: number, offset?: number): void {
    for (const token of this.module.signatures[signature] ?? []) this.typeParameters(token, count, offset);
  }

  identifier(index: number): void {
    within(this.module.identifiers.length, index, 'identifier');
  }

  /** A datatype or function handle: its module and its name. */
  memberHandle(handle: { module: number; name: number }): void {
    within(this.module.module_handles.length, handle.module, 'module handle');
    this.identifier(handle.name);
  }

  signature(index: number, offset?: number): void {
    within(this.module.signatures.length, index, 'signature', offset);
  }

  moduleHandle(handle: { address: number; name: number }): void {
    within(this.module.address_identifiers.length, handle.address, 'address');
    this.identifier(handle.name);
  }

  fields(fields: readonly { name: number; signature: SignatureToken }[], typeParamCount: number): void {
    for (const field of fields) {
      this.identifier(field.name);
      this.type(field.signature);
      this.typeParameters(field.signature, typeParamCount);
    }
  }

  declaredFieldCount(structDef: number): number {
    const info = this.module.struct_defs[structDef]?.field_information;
    return info === undefined || info === 'Native' ? 0 : info.Declared.length;
  }

  pools(): void {
    const m = this.module;
    if (m.module_handles.length === 0) fail('NO_MODULE_HANDLES', 'the module has no module handle');
    for (const signature of m.signatures) signature.forEach((t) => this.type(t));
    for (const constant of m.constant_pool) this.type(constant.type_);
    m.module_handles.forEach((h) => this.moduleHandle(h));
    within(m.module_handles.length, m.self_module_handle_idx, 'self module handle');
    m.datatype_handles.forEach((h) => this.memberHandle(h));
    for (const handle of m.function_handles) {
      this.memberHandle(handle);
      this.signature(handle.parameters);
      this.signature(handle.return_);
      this.signatureTypeParameters(handle.parameters, handle.type_parameters.length);
      this.signatureTypeParameters(handle.return_, handle.type_parameters.length);
    }
    for (const handle of m.field_handles) {
      within(m.struct_defs.length, handle.owner, 'struct definition');
      within(this.declaredFieldCount(handle.owner), handle.field, 'field');
    }
    m.friend_decls.forEach((h) => this.moduleHandle(h));
    for (const inst of m.struct_def_instantiations) {
      within(m.struct_defs.length, inst.def, 'struct definition');
      this.signature(inst.type_parameters);
    }
    for (const inst of m.function_instantiations) {
      within(m.function_handles.length, inst.handle, 'function handle');
      this.signature(inst.type_parameters);
    }
    for (const inst of m.field_instantiations) {
      within(m.field_handles.length, inst.handle, 'field handle');
      this.signature(inst.type_parameters);
    }
    this.definitions();
  }

  definitions(): void {
    const m = this.module;
    const typeParamCount = (handle: number) => m.datatype_handles[handle]?.type_parameters.length ?? 0;
    for (const def of m.struct_defs) {
      within(m.datatype_handles.length, def.struct_handle, 'datatype handle');
      if (def.field_information !== 'Native')
        this.fields(def.field_information.Declared, typeParamCount(def.struct_handle));
    }
    for (const def of m.enum_defs) {
      within(m.datatype_handles.length, def.enum_handle, 'datatype handle');
      for (const variant of def.variants) {
        this.identifier(variant.variant_name);
        this.fields(variant.fields, typeParamCount(def.enum_handle));
      }
    }
    for (const inst of m.enum_def_instantiations) {
      within(m.enum_defs.length, inst.def, 'enum definition');
      this.signature(inst.type_parameters);
    }
    for (const handle of m.variant_handles) {
      within(m.enum_defs.length, handle.enum_def, 'enum definition');
      within(m.enum_defs[handle.enum_def]?.variants.length ?? 0, handle.variant, 'variant');
    }
    for (const handle of m.variant_instantiation_handles) {
      within(m.enum_def_instantiations.length, handle.enum_def, 'enum instantiation');
      const def = m.enum_defs[m.enum_def_instantiations[handle.enum_def]?.def ?? -1];
      within(def?.variants.length ?? 0, handle.variant, 'variant');
    }
    m.function_defs.forEach((def, index) =>
      inFunction(index, () => {
        within(m.function_handles.length, def.function, 'function handle');
        def.acquires_global_resources.forEach((s) => within(m.struct_defs.length, s, 'struct definition'));
        if (def.code) this.code(def.code, def.function);
      }),
    );
  }

  code(code: CodeUnit, handleIndex: number): void {
    const m = this.module;
    const handle = m.function_handles[handleIndex];
    const typeParams = handle?.type_parameters.length ?? 0;
    this.signature(code.locals);
    const localCount =
      (m.signatures[code.locals]?.length ?? 0) + (m.signatures[handle?.parameters ?? -1]?.length ?? 0);
    if (localCount > MAX_LOCALS) fail('TOO_MANY_LOCALS', `${localCount} locals, more than ${MAX_LOCALS}`);
    this.signatureTypeParameters(code.locals, typeParams);
    code.code.forEach((instruction, offset) =>
      this.instruction(instruction, offset, code, localCount, typeParams),
    );
    for (const table of code.jump_tables as JumpTable[]) {
      within(m.enum_defs.length, table.head_enum, 'enum definition');
      const variants = m.enum_defs[table.head_enum]?.variants.length ?? 0;
      if (table.jump_table.Full.length > variants)
        fail(
          'INDEX_OUT_OF_BOUNDS',
          `a jump table of ${table.jump_table.Full.length} for ${variants} variants`,
        );
      table.jump_table.Full.forEach((target) => within(code.code.length, target, 'jump table target'));
    }
  }

  instruction(
    instruction: Bytecode,
    offset: number,
    code: CodeUnit,
    locals: number,
    typeParams: number,
  ): void {
    const m = this.module;
    const opcode = opcodeOf(instruction);
    const index = indexOperand(instruction);
    /** An index into `pool`, then the type parameters of the signature its entry instantiates with. */
    const pooled = <T>(pool: readonly T[], what: string, signatureOf?: (entry: T) => number | undefined) => {
      within(pool.length, index, what, offset);
      const signature = signatureOf?.(pool[index] as T);
      if (signature !== undefined) this.signatureTypeParameters(signature, typeParams, offset);
    };
    if (opcode === 'LdConst') pooled(m.constant_pool, 'constant');
    else if (opcode === 'MutBorrowField' || opcode === 'ImmBorrowField')
      pooled(m.field_handles, 'field handle');
    else if (opcode.endsWith('BorrowFieldGeneric'))
      pooled(m.field_instantiations, 'field instantiation', (i) => i.type_parameters);
    else if (opcode === 'Call') pooled(m.function_handles, 'function handle');
    else if (opcode === 'CallGeneric')
      pooled(m.function_instantiations, 'function instantiation', (i) => i.type_parameters);
    else if (STRUCT_OPS.has(opcode)) pooled(m.struct_defs, 'struct definition');
    else if (STRUCT_GENERIC_OPS.has(opcode))
      pooled(m.struct_def_instantiations, 'struct instantiation', (i) => i.type_parameters);
    else if (BRANCH_OPCODES.has(opcode)) within(code.code.length, index, 'branch target', offset);
    else if (LOCAL_OPS.has(opcode)) within(locals, index, 'local', offset);
    else if (VECTOR_OPCODES.has(opcode)) pooled(m.signatures, 'signature', () => index);
    else if (VARIANT_OPS.has(opcode)) pooled(m.variant_handles, 'variant handle');
    else if (VARIANT_GENERIC_OPS.has(opcode))
      pooled(
        m.variant_instantiation_handles,
        'variant instantiation handle',
        (h) => m.enum_def_instantiations[h.enum_def]?.type_parameters,
      );
    else if (opcode === 'VariantSwitch') within(code.jump_tables.length, index, 'jump table', offset);
  }
}

export function verifyBounds(module: ModuleJson): void {
  new BoundsChecker(module).pools();
}
