// The truth rule shared by both phases: a struct is a target iff its abilities include "key".
import { isPlainObject } from './py-value.js';

/**
 * `"{module.address}::{module}::{Struct}"` for every struct with `key`. Uses the module's own address,
 * not package_id (they differ for upgraded packages). Malformed parts are skipped, never thrown on.
 */
export function extractKeyTypes(iface: unknown): Set<string> {
  const out = new Set<string>();
  if (!isPlainObject(iface)) return out;
  const modules = iface['modules'];
  if (!isPlainObject(modules)) return out;
  for (const [moduleName, mod] of Object.entries(modules)) {
    if (!isPlainObject(mod)) continue;
    const address = mod['address'];
    const structs = mod['structs'];
    if (typeof address !== 'string' || !isPlainObject(structs)) continue;
    for (const [structName, struct] of Object.entries(structs)) {
      if (!isPlainObject(struct)) continue;
      const abilities = struct['abilities'];
      if (Array.isArray(abilities) && abilities.includes('key')) {
        out.add(`${address}::${moduleName}::${structName}`);
      }
    }
  }
  return out;
}
