// The signature checker (signature.rs): references only at the top of parameter, return and local
// types, never inside a type nor in fields or type arguments (INVALID_SIGNATURE_TOKEN); every datatype
// instantiation in function signatures, fields, locals and generic instructions gets as many type
// arguments as its datatype declares (NUMBER_OF_TYPE_ARGUMENTS_MISMATCH) with the abilities its
// constraints ask (CONSTRAINT_NOT_SATISFIED); a phantom type parameter of a datatype appears only in
// phantom positions of its fields (INVALID_PHANTOM_TYPE_PARAM_POSITION). As in the real VM, a Vec*
// instruction's signature is only checked to be one type without references.
import type {
  AbilityMask,
  DatatypeTypeParameter,
  FieldDefinition,
  ModuleJson,
  SignatureToken,
} from '../move/module-json.js';
import { abilitiesOf } from './abilities.js';
import { fail, inFunction } from './errors.js';
import { indexOperand, opcodeOf, VECTOR_OPCODES } from './instructions.js';
import { isReference } from './module-view.js';
import { preorder } from './tokens.js';

function noReferences(token: SignatureToken, offset?: number): void {
  for (const node of preorder(token))
    if (isReference(node)) fail('INVALID_SIGNATURE_TOKEN', 'a reference inside a type', offset);
}

/** The referent of a top-level reference, else the token itself. */
function belowTopReference(token: SignatureToken): SignatureToken {
  if (typeof token === 'string') return token;
  if ('Reference' in token) return token.Reference;
  if ('MutableReference' in token) return token.MutableReference;
  return token;
}

class SignatureChecker {
  /** Signature index and type parameter constraints already checked together, as Sui caches them. */
  private readonly checked = new Set<string>();

  constructor(readonly module: ModuleJson) {}

  /** Type arguments for parameters with `constraints`, in a context whose type parameters have `typeParams`. */
  instance(
    args: readonly SignatureToken[],
    constraints: readonly AbilityMask[],
    typeParams: readonly AbilityMask[],
    offset?: number,
  ): void {
    if (args.length !== constraints.length)
      fail(
        'NUMBER_OF_TYPE_ARGUMENTS_MISMATCH',
        `expected ${constraints.length} type arguments, got ${args.length}`,
        offset,
      );
    args.forEach((arg, i) => {
      const required = constraints[i] ?? 0;
      if ((required & ~abilitiesOf(this.module, arg, typeParams)) !== 0)
        fail(
          'CONSTRAINT_NOT_SATISFIED',
          `type argument ${i} lacks an ability its parameter requires`,
          offset,
        );
    });
  }

  datatypeConstraints(handleIndex: number): AbilityMask[] {
    return (this.module.datatype_handles[handleIndex]?.type_parameters ?? []).map((p) => p.constraints);
  }

  /** Every datatype instantiation inside `token`. */
  typeInstantiations(token: SignatureToken, typeParams: readonly AbilityMask[]): void {
    for (const node of preorder(token)) {
      if (typeof node === 'string' || !('DatatypeInstantiation' in node)) continue;
      const [handle, args] = node.DatatypeInstantiation;
      this.instance(args, this.datatypeConstraints(handle), typeParams);
    }
  }

  signatureInstantiations(signature: number, typeParams: readonly AbilityMask[]): void {
    const key = `${signature}:${typeParams.join(',')}`;
    if (this.checked.has(key)) return;
    for (const token of this.module.signatures[signature] ?? []) this.typeInstantiations(token, typeParams);
    this.checked.add(key);
  }

  phantomPositions(
    token: SignatureToken,
    phantomPosition: boolean,
    params: readonly DatatypeTypeParameter[],
  ): void {
    if (typeof token === 'string') return;
    if ('Vector' in token) this.phantomPositions(token.Vector, false, params);
    else if ('DatatypeInstantiation' in token) {
      const [handle, args] = token.DatatypeInstantiation;
      const declared = this.module.datatype_handles[handle]?.type_parameters ?? [];
      args.forEach((arg, i) => this.phantomPositions(arg, declared[i]?.is_phantom ?? false, params));
    } else if ('TypeParameter' in token && params[token.TypeParameter]?.is_phantom && !phantomPosition)
      fail('INVALID_PHANTOM_TYPE_PARAM_POSITION', 'a phantom type parameter in a non-phantom position');
  }

  fields(fields: readonly FieldDefinition[], handleIndex: number): void {
    const params = this.module.datatype_handles[handleIndex]?.type_parameters ?? [];
    for (const field of fields) {
      noReferences(field.signature);
      this.typeInstantiations(
        field.signature,
        params.map((p) => p.constraints),
      );
      this.phantomPositions(field.signature, false, params);
    }
  }

  /** The generic instruction at `offset`: its type arguments against the generic member's constraints. */
  instruction(opcode: string, index: number, typeParams: readonly AbilityMask[], offset: number): void {
    const m = this.module;
    let args: SignatureToken[] | undefined;
    let constraints: AbilityMask[] = [];
    if (opcode === 'CallGeneric') {
      const inst = m.function_instantiations[index];
      args = m.signatures[inst?.type_parameters ?? -1];
      constraints = m.function_handles[inst?.handle ?? -1]?.type_parameters ?? [];
    } else if (opcode === 'PackGeneric' || opcode === 'UnpackGeneric') {
      const inst = m.struct_def_instantiations[index];
      args = m.signatures[inst?.type_parameters ?? -1];
      constraints = this.datatypeConstraints(m.struct_defs[inst?.def ?? -1]?.struct_handle ?? -1);
    } else if (opcode.endsWith('BorrowFieldGeneric')) {
      const inst = m.field_instantiations[index];
      args = m.signatures[inst?.type_parameters ?? -1];
      const owner = m.field_handles[inst?.handle ?? -1]?.owner ?? -1;
      constraints = this.datatypeConstraints(m.struct_defs[owner]?.struct_handle ?? -1);
    } else if (opcode.includes('VariantGeneric')) {
      const inst = m.enum_def_instantiations[m.variant_instantiation_handles[index]?.enum_def ?? -1];
      args = m.signatures[inst?.type_parameters ?? -1];
      constraints = this.datatypeConstraints(m.enum_defs[inst?.def ?? -1]?.enum_handle ?? -1);
    } else if (VECTOR_OPCODES.has(opcode)) {
      const element = m.signatures[index] ?? [];
      if (element.length !== 1)
        fail(
          'NUMBER_OF_TYPE_ARGUMENTS_MISMATCH',
          `a vector instruction with ${element.length} types`,
          offset,
        );
      element.forEach((t) => noReferences(t, offset));
      return;
    }
    if (args === undefined) return;
    args.forEach((t) => noReferences(t, offset));
    this.instance(args, constraints, typeParams, offset);
  }

  check(): void {
    const m = this.module;
    for (const signature of m.signatures)
      for (const token of signature) noReferences(belowTopReference(token));
    for (const handle of m.function_handles) {
      this.signatureInstantiations(handle.return_, handle.type_parameters);
      this.signatureInstantiations(handle.parameters, handle.type_parameters);
    }
    for (const def of m.struct_defs)
      if (def.field_information !== 'Native') this.fields(def.field_information.Declared, def.struct_handle);
    for (const def of m.enum_defs)
      for (const variant of def.variants) this.fields(variant.fields, def.enum_handle);
    m.function_defs.forEach((def, index) => {
      const code = def.code;
      if (!code) return;
      const typeParams = m.function_handles[def.function]?.type_parameters ?? [];
      inFunction(index, () => {
        this.signatureInstantiations(code.locals, typeParams);
        code.code.forEach((instruction, offset) =>
          this.instruction(opcodeOf(instruction), indexOperand(instruction), typeParams, offset),
        );
      });
    });
  }
}

export function verifySignatures(module: ModuleJson): void {
  new SignatureChecker(module).check();
}
