// The per-function code checks in Sui's order: control flow, stack balance, types, locals, references
// (instruction consistency runs before, with the module-wide passes).
import type { ModuleJson } from '../move/module-json.js';
import { buildControlFlow } from './control-flow.js';
import { verifyLocalsSafety } from './locals-safety.js';
import { functionView, jumpTables } from './module-view.js';
import { verifyReferenceSafety } from './reference-safety.js';
import { verifyStackUsage } from './stack-usage.js';
import { verifyTypeSafety } from './type-safety.js';

/** Throws VerifyFailure at the function's first violation; natives have nothing to check. */
export function verifyCodeUnit(module: ModuleJson, defIndex: number): void {
  const code = module.function_defs[defIndex]?.code?.code;
  if (!code) return;
  const view = functionView(module, defIndex);
  const tables = jumpTables(module, defIndex);
  const cfg = buildControlFlow(code, tables);
  verifyStackUsage(module, view, code, cfg);
  verifyTypeSafety(module, view, code, cfg, tables);
  verifyLocalsSafety(module, view, code, cfg);
  verifyReferenceSafety(module, view, code, cfg);
}
