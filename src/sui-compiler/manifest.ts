// The build's Move.toml: the package's own, with what this build supplies put in. The framework, the
// target (`target_pkg`) and its closure are the build's to provide, so the package's own entries for them
// (a `Sui = { git = … }`, a `target_pkg = "0x…"`) give way to the build's; everything else is Sui's to
// read and, if it must, to refuse.
import { FRAMEWORK_PACKAGES, isSuiRepository } from '../move-stubs/framework-packages.js';

/** Dependency aliases of Sui's framework packages: their package and address names, and two more of Sui's. */
const FRAMEWORK_ALIASES = new Set([
  ...FRAMEWORK_PACKAGES.flatMap((pkg) => [pkg.packageName, pkg.namedAddress]),
  'Bridge',
  'DeepBook',
]);
/** The `git = "…"` of an inline dependency table. */
const GIT_SOURCE = /\bgit\s*=\s*"([^"]*)"/;

const HEADER = /^\s*\[\s*([^\]]+?)\s*\]\s*(#.*)?$/;
const ENTRY = /^\s*("?)([A-Za-z0-9_-]+)\1\s*=\s*(.*)$/;

/** The `[package]` name, for output folders and messages; null when Sui will have to say what is wrong. */
export function packageName(moveToml: string): string | null {
  let section = '';
  for (const raw of moveToml.split(/\r?\n/)) {
    const line = raw.replace(/#.*$/, '').trim();
    const header = HEADER.exec(line);
    if (header) section = header[1]!;
    else if (section === 'package') {
      const name = /^name\s*=\s*"([^"]*)"$/.exec(line);
      if (name) return name[1]!;
    }
  }
  return null;
}

export interface BuildManifestParts {
  /** Alias → inline table, for `[dependencies]`. */
  dependencies: Record<string, string>;
  /** Named address → address, for `[addresses]`. */
  addresses: Record<string, string>;
}

const isSupplied = (alias: string, value: string, parts: BuildManifestParts) =>
  FRAMEWORK_ALIASES.has(alias) ||
  isSuiRepository(GIT_SOURCE.exec(value)?.[1] ?? '') ||
  alias in parts.dependencies;

/**
 * `moveToml` with the build's dependencies and addresses in their sections (made when missing), and the
 * package's own entries for what the build supplies left out: framework dependencies, a dependency under
 * an alias the build uses, any address the build sets (`target_pkg`).
 */
export function withBuildDependencies(moveToml: string, parts: BuildManifestParts): string {
  const lines = moveToml.split(/\r?\n/);
  const supplied = new Set([...Object.keys(parts.addresses), 'target_pkg']);
  const inserts: Record<string, string[]> = {
    dependencies: Object.entries(parts.dependencies).map(([alias, table]) => `${alias} = ${table}`),
    addresses: Object.entries(parts.addresses).map(([name, address]) => `${name} = "${address}"`),
  };
  const out: string[] = [];
  const placed = new Set<string>();
  let section = '';
  let skippingTable = false;
  for (const line of lines) {
    const header = HEADER.exec(line);
    if (header) {
      section = header[1]!;
      // `[dependencies.Sui]` is a whole table for one dependency: left out when the build supplies it.
      const [top, alias] = section.split('.');
      skippingTable = top === 'dependencies' && alias !== undefined && isSupplied(alias, '', parts);
      if (skippingTable) continue;
      out.push(line);
      const insert = inserts[section];
      if (insert && !placed.has(section)) {
        out.push(...insert);
        placed.add(section);
      }
      continue;
    }
    if (skippingTable) continue;
    const entry = ENTRY.exec(line);
    if (entry && section === 'dependencies' && isSupplied(entry[2]!, entry[3]!, parts)) continue;
    if (entry && section === 'addresses' && supplied.has(entry[2]!)) continue;
    out.push(line);
  }
  for (const section of ['addresses', 'dependencies']) {
    if (placed.has(section) || inserts[section]!.length === 0) continue;
    while (out.length > 0 && out[out.length - 1]!.trim() === '') out.pop();
    out.push('', `[${section}]`, ...inserts[section]!);
  }
  return `${out.join('\n').trimEnd()}\n`;
}
