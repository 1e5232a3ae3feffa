// Real framework functions with their code broken on purpose: each must be rejected with the status
// the real Sui VM gives for the same module. The expected statuses were read from the sui-sandbox
// wheel (which verifies a module when it loads it); the last test re-asks the wheel when installed.
import { describe, expect, it } from 'vitest';
import type { Bytecode, FieldDefinition, ModuleJson, SignatureToken } from '../../src/move/module-json.js';
import { verifyModule } from '../../src/bytecode-verifier/index.js';
import { DROP } from '../../src/bytecode-verifier/abilities.js';
import { functionIndex, loadCorpus, lookupIn } from './verifier-support.js';
import {
  CALL_MAX,
  CALL_NONE,
  CALL_UTF8,
  SKIP_WHEEL,
  stdlibModule,
  wheelStatuses,
  type WheelCall,
} from './verifier-wheel.js';

const lookup = lookupIn(loadCorpus().values());

/** Inserts (`remove` 0) or removes instructions at `at`, moving branch targets past that point. */
function splice(code: Bytecode[], at: number, remove: number, insert: Bytecode[] = []): Bytecode[] {
  const delta = insert.length - remove;
  const moved = code.map((instruction) => {
    if (typeof instruction === 'string') return instruction;
    const [opcode] = Object.keys(instruction);
    if (opcode !== 'Branch' && opcode !== 'BrTrue' && opcode !== 'BrFalse') return instruction;
    const target = Number(instruction[opcode]);
    return {
      [opcode]: target >= at + remove || (delta > 0 && target >= at && at > 0) ? target + delta : target,
    };
  });
  moved.splice(at, remove, ...insert);
  return moved;
}

interface Mutation {
  title: string;
  module: string;
  fn: string;
  change: (code: Bytecode[], module: ModuleJson) => Bytecode[];
  status: string;
  offset?: number;
  /** The error is about the module, not one function. */
  moduleLevel?: boolean;
  /** A function the wheel can call on the module (loading it runs the verifier). */
  call: WheelCall;
}

const MUTATIONS: Mutation[] = [
  {
    title: 'a dropped StLoc leaves a value at the block end',
    module: 'option',
    fn: 'destroy_some',
    call: CALL_NONE,
    change: (code) => splice(code, 8, 1),
    status: 'POSITIVE_STACK_SIZE_AT_BLOCK_END',
  },
  {
    title: 'a Pop on an empty stack',
    module: 'option',
    fn: 'some',
    call: CALL_NONE,
    change: (code) => splice(code, 0, 0, ['Pop']),
    status: 'NEGATIVE_STACK_SIZE_WITHIN_BLOCK',
    offset: 0,
  },
  {
    title: 'the last instruction falls through',
    module: 'u8',
    fn: 'max',
    call: CALL_MAX,
    change: (code) => code.slice(0, -1),
    status: 'INVALID_FALL_THROUGH',
  },
  {
    title: 'an arithmetic result where a bool is branched on',
    module: 'u8',
    fn: 'max',
    call: CALL_MAX,
    change: (code) => code.map((i, k) => (k === 6 ? 'Add' : i)),
    status: 'BR_TYPE_MISMATCH_ERROR',
    offset: 7,
  },
  {
    title: 'a reference passed where a value is expected',
    module: 'option',
    fn: 'some',
    call: CALL_NONE,
    change: (code) => code.map((i, k) => (k === 0 ? { ImmBorrowLoc: 0 } : i)),
    status: 'CALL_TYPE_MISMATCH_ERROR',
    offset: 1,
  },
  {
    title: 'a value without copy is copied',
    module: 'option',
    fn: 'some',
    call: CALL_NONE,
    change: (code) => code.map((i, k) => (k === 0 ? { CopyLoc: 0 } : i)),
    status: 'COPYLOC_WITHOUT_COPY_ABILITY',
    offset: 0,
  },
  {
    title: 'a value without drop is popped',
    module: 'option',
    fn: 'destroy_none',
    call: CALL_NONE,
    change: (code) => code.map((i, k) => (k === 8 ? 'Pop' : i)),
    status: 'POP_WITHOUT_DROP_ABILITY',
    offset: 8,
  },
  {
    title: 'a local moved twice',
    module: 'u8',
    fn: 'max',
    call: CALL_MAX,
    change: (code) => code.map((i, k) => (k === 2 ? { MoveLoc: 0 } : i)),
    status: 'MOVELOC_UNAVAILABLE_ERROR',
    offset: 2,
  },
  {
    title: 'a local without drop overwritten',
    module: 'option',
    fn: 'destroy_some',
    call: CALL_NONE,
    change: (code) => splice(code, 9, 0, [{ VecPack: [2, 0n] }, { StLoc: 2 }]),
    status: 'STLOC_UNSAFE_TO_DESTROY_ERROR',
    offset: 10,
  },
  {
    title: 'a return with a value without drop left in a local',
    module: 'option',
    fn: 'destroy_some',
    call: CALL_NONE,
    change: (code) => splice(code, 12, 2),
    status: 'UNSAFE_RET_UNUSED_VALUES_WITHOUT_DROP',
  },
  {
    title: 'a borrowed local moved',
    module: 'u8',
    fn: 'max',
    call: CALL_MAX,
    change: (code) => splice(code, 0, 0, [{ ImmBorrowLoc: 0 }, { MoveLoc: 0 }, { StLoc: 0 }, 'Pop']),
    status: 'MOVELOC_EXISTS_BORROW_ERROR',
    offset: 1,
  },
  {
    title: 'a mutably borrowed local copied',
    module: 'u8',
    fn: 'max',
    call: CALL_MAX,
    change: (code) => splice(code, 0, 0, [{ MutBorrowLoc: 0 }, { CopyLoc: 0 }, 'Pop', 'Pop']),
    status: 'COPYLOC_EXISTS_BORROW_ERROR',
    offset: 1,
  },
  {
    title: 'a reference to a local returned',
    module: 'string',
    fn: 'as_bytes',
    call: CALL_UTF8,
    change: (_code, module) => {
      withLocals(module, 'as_bytes', signatureIndex(module, [{ Vector: 'U8' }]));
      return [{ MoveLoc: 0 }, { ImmBorrowField: 0 }, 'ReadRef', { StLoc: 1 }, { ImmBorrowLoc: 1 }, 'Ret'];
    },
    status: 'UNSAFE_RET_LOCAL_OR_RESOURCE_STILL_BORROWED',
    offset: 5,
  },
  {
    title: 'a signature repeated in the pool',
    module: 'string',
    fn: 'as_bytes',
    call: CALL_UTF8,
    moduleLevel: true,
    change: (code, module) => {
      module.signatures.push([{ Vector: 'U8' }]);
      withLocals(module, 'as_bytes', module.signatures.length - 1);
      return code;
    },
    status: 'DUPLICATE_ELEMENT',
  },
  {
    title: 'a generic struct packed by the non-generic Pack',
    module: 'option',
    fn: 'some',
    call: CALL_NONE,
    change: (code) => code.map((i, k) => (k === 2 ? { Pack: 0 } : i)),
    status: 'GENERIC_MEMBER_OPCODE_MISMATCH',
    offset: 2,
  },
  {
    title: 'a generic function called by the non-generic Call',
    module: 'option',
    fn: 'some',
    call: CALL_NONE,
    change: (code, module) => {
      const handle = module.function_instantiations[0]?.handle ?? 0;
      return code.map((i, k) => (k === 1 ? { Call: handle } : i));
    },
    status: 'GENERIC_MEMBER_OPCODE_MISMATCH',
    offset: 1,
  },
  {
    title: 'a struct declared without fields',
    module: 'string',
    fn: 'as_bytes',
    call: CALL_UTF8,
    moduleLevel: true,
    change: (code, module) => {
      addStruct(module, []);
      return code;
    },
    status: 'ZERO_SIZED_STRUCT',
  },
  {
    title: 'a struct with a repeated field name',
    module: 'string',
    fn: 'as_bytes',
    call: CALL_UTF8,
    moduleLevel: true,
    change: (code, module) => {
      const name = module.identifiers.indexOf('bytes');
      addStruct(module, [
        { name, signature: 'Bool' },
        { name, signature: 'U8' },
      ]);
      return code;
    },
    status: 'DUPLICATE_ELEMENT',
  },
];

/** Declares a struct `Extra has drop` with these fields in the module. */
function addStruct(module: ModuleJson, fields: FieldDefinition[]): void {
  module.identifiers.push('Extra');
  module.datatype_handles.push({
    module: module.self_module_handle_idx,
    name: module.identifiers.length - 1,
    abilities: DROP,
    type_parameters: [],
  });
  module.struct_defs.push({
    struct_handle: module.datatype_handles.length - 1,
    field_information: { Declared: fields },
  });
}

function signatureIndex(module: ModuleJson, signature: SignatureToken[]): number {
  const index = module.signatures.findIndex((s) => JSON.stringify(s) === JSON.stringify(signature));
  if (index >= 0) return index;
  module.signatures.push(signature);
  return module.signatures.length - 1;
}

function withLocals(module: ModuleJson, fn: string, signature: number): void {
  const def = module.function_defs[functionIndex(module, fn)];
  if (def?.code) def.code.locals = signature;
}

function mutated(mutation: Mutation): { module: ModuleJson; index: number } {
  const module = stdlibModule(mutation.module);
  const index = functionIndex(module, mutation.fn);
  const def = module.function_defs[index];
  if (!def?.code) throw new Error(`${mutation.fn} has no code`);
  def.code.code = mutation.change(def.code.code, module);
  return { module, index };
}

describe('verifier on mutated framework functions', () => {
  it('accepts the relocated modules before mutation', () => {
    for (const name of ['u8', 'option', 'string'])
      expect(verifyModule(stdlibModule(name), lookup)).toEqual([]);
  });

  for (const mutation of MUTATIONS) {
    it(`rejects ${mutation.title} with ${mutation.status}`, () => {
      const { module, index } = mutated(mutation);
      const errors = verifyModule(module, lookup);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ status: mutation.status });
      expect(errors[0]?.functionIndex).toBe(mutation.moduleLevel ? undefined : index);
      if (mutation.offset !== undefined) expect(errors[0]?.offset).toBe(mutation.offset);
    });
  }
});

describe.skipIf(SKIP_WHEEL)('mutated modules against the real Sui VM', () => {
  it('the wheel reports the same status for each mutation', async () => {
    const statuses = await wheelStatuses(
      MUTATIONS.map((m) => ({ title: m.title, module: mutated(m).module, call: m.call })),
    );
    expect(MUTATIONS.map((m, i) => `${m.title}: ${statuses[i]}`)).toEqual(
      MUTATIONS.map((m) => `${m.title}: ${m.status}`),
    );
  }, 120_000);
});
