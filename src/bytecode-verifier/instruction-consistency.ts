// Instruction consistency (instruction_consistency.rs): an instruction's generic form names a generic
// member (through an instantiation) and its plain form a non-generic one; a vector instruction's
// element count fits in a u16. Sui runs it before any code-unit check.
import type { Bytecode, ModuleJson } from '../move/module-json.js';
import { fail } from './errors.js';
import { indexOperand, opcodeOf, vectorCountOperand } from './instructions.js';

const STRUCT_OPS = new Set(['Pack', 'Unpack']);
const FIELD_OPS = new Set(['MutBorrowField', 'ImmBorrowField']);
const VARIANT_OPS = new Set(['PackVariant', 'UnpackVariant', 'UnpackVariantImmRef', 'UnpackVariantMutRef']);
const MAX_VECTOR_COUNT = 0xffff;

/** The datatype or function handle's type parameter count the instruction refers to, if it refers to one. */
function memberTypeParamCount(module: ModuleJson, opcode: string, index: number): number | undefined {
  const generic = opcode.includes('Generic');
  const plain = opcode.replace('Generic', '');
  const datatypeParams = (handle: number | undefined) =>
    module.datatype_handles[handle ?? -1]?.type_parameters.length;
  const structParams = (def: number | undefined) =>
    datatypeParams(module.struct_defs[def ?? -1]?.struct_handle);
  if (plain === 'Call') {
    const handle = generic ? module.function_instantiations[index]?.handle : index;
    return module.function_handles[handle ?? -1]?.type_parameters.length;
  }
  if (STRUCT_OPS.has(plain))
    return structParams(generic ? module.struct_def_instantiations[index]?.def : index);
  if (FIELD_OPS.has(plain)) {
    const handle = generic ? module.field_instantiations[index]?.handle : index;
    return structParams(module.field_handles[handle ?? -1]?.owner);
  }
  if (VARIANT_OPS.has(plain)) {
    const enumIndex = generic
      ? module.variant_instantiation_handles[index]?.enum_def
      : module.variant_handles[index]?.enum_def;
    const def = generic ? module.enum_def_instantiations[enumIndex ?? -1]?.def : enumIndex;
    return datatypeParams(module.enum_defs[def ?? -1]?.enum_handle);
  }
  return undefined;
}

/** Throws VerifyFailure at the first inconsistent instruction of `code`. */
export function verifyInstructionConsistency(module: ModuleJson, code: readonly Bytecode[]): void {
  code.forEach((instruction, offset) => {
    const opcode = opcodeOf(instruction);
    if (
      (opcode === 'VecPack' || opcode === 'VecUnpack') &&
      vectorCountOperand(instruction) > MAX_VECTOR_COUNT
    )
      fail('CONSTRAINT_NOT_SATISFIED', `${opcode} of more than ${MAX_VECTOR_COUNT} elements`, offset);
    const count = memberTypeParamCount(module, opcode, indexOperand(instruction));
    if (count !== undefined && count > 0 !== opcode.includes('Generic'))
      fail(
        'GENERIC_MEMBER_OPCODE_MISMATCH',
        count > 0 ? `${opcode} names a generic member` : `${opcode} names a non-generic member`,
        offset,
      );
  });
}
