// Sui's id_leak_verifier: an object's UID never outlives it. A struct with `key` may only be packed
// with a first field (its id) that comes straight from a function making a fresh UID (object::new,
// object::new_uid_from_hash, test_scenario::new_object), through locals but through nothing else.
// Each function's values are tracked as fresh or other by a dataflow over its blocks; the first
// violating Pack of each function is reported as SUI_ID_LEAK (Sui reports only the module's first).
import type { Bytecode, ModuleJson } from '../../move/module-json.js';
import { KEY } from '../abilities.js';
import type { BasicBlock } from '../control-flow.js';
import { buildControlFlow } from '../control-flow.js';
import { runDataflow } from '../dataflow.js';
import { asError, fail, type VerificationError } from '../errors.js';
import { indexOperand, opcodeOf } from '../instructions.js';
import { functionView, jumpTables, type FunctionView } from '../module-view.js';
import { stackEffect } from '../stack-usage.js';
import { SUI_FRAMEWORK } from './names.js';

const SUI_SYSTEM = '0'.repeat(63) + '3';

type Value = 'fresh' | 'other';
/** A local's value, or undefined while it holds none. */
type Locals = (Value | undefined)[];

// The stored id_leak_verifier.rs predates derived objects and the accumulator and coin registry roots;
// the published framework (the corpus) packs objects with them, so Sui's current rule accepts them.
const FRESH_ID_FUNCTIONS = new Set([
  `${SUI_FRAMEWORK}::object::new`,
  `${SUI_FRAMEWORK}::derived_object::claim`,
  `${SUI_FRAMEWORK}::object::new_uid_from_hash`,
  `${SUI_FRAMEWORK}::test_scenario::new_object`,
]);

/** System objects made at genesis or by the system, with their well-known ids. */
const FUNCTIONS_TO_SKIP = new Set([
  `${SUI_SYSTEM}::sui_system::create`,
  `${SUI_FRAMEWORK}::clock::create`,
  `${SUI_FRAMEWORK}::authenticator_state::create`,
  `${SUI_FRAMEWORK}::random::create`,
  `${SUI_FRAMEWORK}::deny_list::create`,
  `${SUI_FRAMEWORK}::accumulator::create`,
  `${SUI_FRAMEWORK}::coin_registry::create`,
]);

function functionName(module: ModuleJson, handleIndex: number | undefined): string {
  const handle = module.function_handles[handleIndex ?? -1];
  const owner = module.module_handles[handle?.module ?? -1];
  const address = module.address_identifiers[owner?.address ?? -1] ?? '';
  return `${address}::${module.identifiers[owner?.name ?? -1] ?? ''}::${module.identifiers[handle?.name ?? -1] ?? ''}`;
}

/** What the analysis needs of the module, computed once. */
interface Context {
  module: ModuleJson;
  /** Function handles of the functions that make a fresh UID. */
  freshHandles: Set<number>;
  /** Struct definitions with `key`. */
  keyStructs: Set<number>;
}

function callsFreshId(context: Context, instruction: Bytecode): boolean {
  const opcode = opcodeOf(instruction);
  if (opcode !== 'Call' && opcode !== 'CallGeneric') return false;
  const index = indexOperand(instruction);
  const handle = opcode === 'Call' ? index : context.module.function_instantiations[index]?.handle;
  return context.freshHandles.has(handle ?? -1);
}

function isKeyPack(context: Context, instruction: Bytecode): boolean {
  const opcode = opcodeOf(instruction);
  if (opcode !== 'Pack' && opcode !== 'PackGeneric') return false;
  const index = indexOperand(instruction);
  const def = opcode === 'Pack' ? index : context.module.struct_def_instantiations[index]?.def;
  return context.keyStructs.has(def ?? -1);
}

function runBlock(
  context: Context,
  view: FunctionView,
  code: readonly Bytecode[],
  block: BasicBlock,
  entry: Locals,
): Locals {
  const locals = [...entry];
  const stack: Value[] = [];
  const pop = () => stack.pop() ?? 'other';
  for (let offset = block.start; offset <= block.end; offset++) {
    const instruction = code[offset] as Bytecode;
    const opcode = opcodeOf(instruction);
    const [pops, pushes] = stackEffect(context.module, view, instruction);
    if (opcode === 'MoveLoc') {
      stack.push(locals[indexOperand(instruction)] ?? 'other');
      locals[indexOperand(instruction)] = undefined;
    } else if (opcode === 'StLoc') {
      locals[indexOperand(instruction)] = pop();
    } else if (isKeyPack(context, instruction)) {
      for (let i = 1; i < pops; i++) pop();
      if (pop() !== 'fresh')
        fail(
          'SUI_ID_LEAK',
          'an object is packed with a UID that does not come fresh from object::new',
          offset,
        );
      stack.push('other');
    } else {
      for (let i = 0; i < pops; i++) pop();
      const fresh = callsFreshId(context, instruction);
      for (let i = 0; i < pushes; i++) stack.push(fresh ? 'fresh' : 'other');
    }
  }
  return locals;
}

function checkFunction(context: Context, defIndex: number): void {
  const { module } = context;
  const code = module.function_defs[defIndex]?.code?.code;
  if (!code) return;
  const view = functionView(module, defIndex);
  const cfg = buildControlFlow(code, jumpTables(module, defIndex));
  const initial: Locals = view.locals.map((_, i) => (i < view.params.length ? 'other' : undefined));
  runDataflow(cfg, initial, {
    execute: (block, entry) => runBlock(context, view, code, block, entry),
    join(existing, incoming) {
      let changed = false;
      const joined = existing.map((old, i) => {
        const value = incoming[i];
        if (value === undefined) return old;
        // A local only one path makes fresh is not fresh.
        const next = value === (old ?? 'other') ? value : 'other';
        if (next !== (old ?? 'other')) changed = true;
        return next;
      });
      return changed ? joined : undefined;
    },
  });
}

/** One error per function that packs an object with a reused UID; `skip` lists functions already rejected. */
export function verifyIdLeaks(module: ModuleJson, skip: ReadonlySet<number>): VerificationError[] {
  const keyStructs = new Set<number>();
  module.struct_defs.forEach((def, index) => {
    if (((module.datatype_handles[def.struct_handle]?.abilities ?? 0) & KEY) !== 0) keyStructs.add(index);
  });
  // Only packing an object can leak a UID.
  if (keyStructs.size === 0) return [];
  const freshHandles = new Set<number>();
  module.function_handles.forEach((_, index) => {
    if (FRESH_ID_FUNCTIONS.has(functionName(module, index))) freshHandles.add(index);
  });
  const context: Context = { module, freshHandles, keyStructs };
  const errors: VerificationError[] = [];
  module.function_defs.forEach((def, functionIndex) => {
    if (skip.has(functionIndex) || FUNCTIONS_TO_SKIP.has(functionName(module, def.function))) return;
    try {
      checkFunction(context, functionIndex);
    } catch (thrown) {
      errors.push(asError(thrown, functionIndex));
    }
  });
  return errors;
}
