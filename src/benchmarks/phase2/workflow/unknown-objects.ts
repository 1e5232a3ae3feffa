// A search agent's plan may need objects it cannot construct (`$smi_placeholder` arguments), filled from
// the sender's inventory. When the inventory has no object of such a type (offline there is none; upstream's
// exact lookup never matches a type written with `unknown` arguments), no transaction can be built from the
// plan: there is no id to put in it. Upstream put object `0x0` there, which no chain holds, so its dry-run
// failed and no transaction was built; smi-bench records the plan as not built, without simulating it.
import { resolvePlaceholders, type UnresolvedPlaceholder } from '../../../core/phase2/inventory.js';
import { preparePlanVariants, type PreparedVariant } from './prepare.js';

/** Why the plan cannot be built, one clause per object it lacks. */
export function unknownObjectsReason(unresolved: readonly UnresolvedPlaceholder[]): string {
  const clauses = unresolved.map(
    (u) =>
      `call ${u.call} (${u.target}) argument ${u.arg}: no object of type ${u.type} to pass ` +
      `(the sender's inventory has none)`,
  );
  return clauses.join('; ');
}

/**
 * The plan's variants with its placeholders filled from `inventory`, as `preparePlanVariants` makes them;
 * a plan that names an object nobody has is one variant, `base`, marked `unbuilt` with the reason (its
 * other variants would lack the same objects). A plan that breaks the schema stays a schema violation.
 */
export function preparePlaceholderPlan(
  raw: unknown,
  inventory: Record<string, string[]>,
  attempt: number,
  sender: string,
  maxVariants: number,
): PreparedVariant[] {
  const { spec, unresolved } = resolvePlaceholders(raw, inventory);
  if (unresolved.length === 0) return preparePlanVariants(spec, attempt, sender, maxVariants);
  return preparePlanVariants(spec, attempt, sender, 1).map((variant) =>
    variant.spec === null ? variant : { ...variant, unbuilt: unknownObjectsReason(unresolved) },
  );
}
