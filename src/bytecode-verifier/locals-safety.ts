// Locals safety (locals_safety/): each local is available, unavailable or maybe available; a local
// must be available to be moved, copied or borrowed, and a value without drop may not be overwritten
// or left behind at a return.
import type { Bytecode, ModuleJson } from '../move/module-json.js';
import { DROP, hasAbility } from './abilities.js';
import type { ControlFlowGraph } from './control-flow.js';
import { runDataflow } from './dataflow.js';
import { fail } from './errors.js';
import { indexOperand, opcodeOf } from './instructions.js';
import type { FunctionView } from './module-view.js';

type Availability = 'available' | 'unavailable' | 'maybe';

const NEEDS_AVAILABLE: Record<string, string> = {
  MoveLoc: 'MOVELOC_UNAVAILABLE_ERROR',
  CopyLoc: 'COPYLOC_UNAVAILABLE_ERROR',
  MutBorrowLoc: 'BORROWLOC_UNAVAILABLE_ERROR',
  ImmBorrowLoc: 'BORROWLOC_UNAVAILABLE_ERROR',
};

export function verifyLocalsSafety(
  module: ModuleJson,
  view: FunctionView,
  code: readonly Bytecode[],
  cfg: ControlFlowGraph,
): void {
  const droppable = view.locals.map((t) => hasAbility(module, t, view.typeParams, DROP));
  const initial: Availability[] = view.locals.map((_, i) =>
    i < view.params.length ? 'available' : 'unavailable',
  );
  runDataflow(cfg, initial, {
    execute(block, entry) {
      const state = [...entry];
      for (let offset = block.start; offset <= block.end; offset++) {
        const instruction = code[offset] as Bytecode;
        const opcode = opcodeOf(instruction);
        const local = indexOperand(instruction);
        const status = NEEDS_AVAILABLE[opcode];
        if (status !== undefined) {
          if (state[local] !== 'available')
            fail(status, `local ${local} may not hold a value here`, offset, local);
          if (opcode === 'MoveLoc') state[local] = 'unavailable';
        } else if (opcode === 'StLoc') {
          if (state[local] !== 'unavailable' && !droppable[local]) {
            fail(
              'STLOC_UNSAFE_TO_DESTROY_ERROR',
              `overwriting local ${local}, whose value has no drop`,
              offset,
              local,
            );
          }
          state[local] = 'available';
        } else if (opcode === 'Ret') {
          const leftover = state.findIndex((s, i) => s !== 'unavailable' && !droppable[i]);
          if (leftover >= 0) {
            fail(
              'UNSAFE_RET_UNUSED_VALUES_WITHOUT_DROP',
              `returning while local ${leftover} holds a value without drop`,
              offset,
              leftover,
            );
          }
        }
      }
      return state;
    },
    join(existing, incoming) {
      let changed = false;
      const joined = existing.map((s, i): Availability => {
        if (s === incoming[i] || s === 'maybe') return s;
        changed = true;
        return 'maybe';
      });
      return changed ? joined : undefined;
    },
  });
}
