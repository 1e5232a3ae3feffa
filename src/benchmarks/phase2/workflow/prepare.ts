// A plan made ready to simulate (spec §7.3): its argument variants, each normalized and checked. Pure: the
// workflow runs it on the model's plans, an activity on a search agent's many candidates at once.
import { normalizePtbSpec } from '../../../core/phase2/normalize.js';
import type { PtbSpec } from '../../../core/phase2/ptb-spec.js';
import { validateCausality, validatePlanSchema, type CausalityResult } from './validate.js';
import { ptbVariants } from './variants.js';

/** A plan variant ready to simulate, or why it is not (`spec` null: it breaks the schema). */
export interface PreparedVariant {
  /** 1-based plan attempt (or candidate) it belongs to. */
  attempt: number;
  name: string;
  causality: CausalityResult;
  corrections: string[];
  correctionCounts: Record<string, number>;
  spec: PtbSpec | null;
  schemaErrors: string[];
  /**
   * Set when no transaction can be built from the plan: it needs an object nobody can name (a search
   * agent's placeholder the inventory has no object for). Such a variant is not simulated.
   */
  unbuilt?: string;
}

export function preparePlanVariants(
  raw: unknown,
  attempt: number,
  sender: string,
  maxVariants: number,
): PreparedVariant[] {
  return ptbVariants(raw, sender, Math.max(1, maxVariants)).map((variant) => {
    const normalized = normalizePtbSpec(variant.spec);
    const schema = validatePlanSchema(normalized.spec);
    return {
      attempt,
      name: variant.name,
      causality: validateCausality(variant.spec),
      corrections: normalized.corrections,
      correctionCounts: normalized.counts,
      spec: schema.valid ? normalized.spec : null,
      schemaErrors: schema.errors,
    };
  });
}
