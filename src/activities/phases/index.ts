// Every phase the run-level activities know, by name.
import type { Phase } from '../../temporal/names.js';
import type { BaseRow } from '../../run-store/rows.js';
import type { PhaseDefinition } from './definition.js';
import { phase1Definition } from './phase1.js';

const DEFINITIONS: Record<Phase, PhaseDefinition<never> | undefined> = {
  phase1: phase1Definition as PhaseDefinition<never>,
  phase2: undefined,
};

export function phaseDefinition<Row extends BaseRow>(phase: Phase): PhaseDefinition<Row> {
  const definition = DEFINITIONS[phase];
  if (!definition) throw new Error(`unknown phase: ${phase}`);
  return definition as unknown as PhaseDefinition<Row>;
}
