// Every phase the run-level activities know, by name.
import type { BaseRow } from '../../run-store/rows.js';
import type { PhaseDefinition } from './definition.js';
import { phase1Definition } from './phase1.js';
import { phase2Definition } from './phase2.js';
import { sandboxDefinition } from './sandbox.js';
import { helperDefinition } from './helper.js';
import type { Phase } from '../../contracts/phases.js';

const DEFINITIONS: Record<Phase, PhaseDefinition<never>> = {
  phase1: phase1Definition as PhaseDefinition<never>,
  phase2: phase2Definition as PhaseDefinition<never>,
  sandbox: sandboxDefinition as PhaseDefinition<never>,
  helper: helperDefinition as PhaseDefinition<never>,
};

export function phaseDefinition<Row extends BaseRow>(phase: Phase): PhaseDefinition<Row> {
  return DEFINITIONS[phase] as unknown as PhaseDefinition<Row>;
}
