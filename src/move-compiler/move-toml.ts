// The part of TOML that Move.toml files use: `[section]` headers (`[dependencies.Sui]` names a
// dependency), `key = "string"`, numbers, booleans and one-line inline tables `{ ... }`, and `#` comments.
// Anything else is reported with its line number.

export class MoveTomlError extends Error {}

export interface MoveToml {
  packageName: string;
  edition?: string;
  addresses: Record<string, string>;
  devAddresses: Record<string, string>;
  /** Dependency names only; this compiler resolves dependencies from its corpus, not from here. */
  dependencies: string[];
}

type Section = 'package' | 'addresses' | 'dev-addresses' | 'dependencies' | 'other';

const KEY = String.raw`[A-Za-z0-9_\-]+|"[^"]*"`;
const ENTRY = new RegExp(String.raw`^(${KEY})\s*=\s*(.+)$`);
const HEADER = new RegExp(String.raw`^\[\s*([A-Za-z0-9_\-.]+)\s*\]$`);

export function parseMoveToml(text: string): MoveToml {
  const result: MoveToml = { packageName: '', addresses: {}, devAddresses: {}, dependencies: [] };
  let section: Section = 'other';
  const lines = text.split(/\r?\n/);
  lines.forEach((raw, index) => {
    const line = stripComment(raw).trim();
    if (line === '') return;
    const fail = (why: string): never => {
      throw new MoveTomlError(`Move.toml line ${index + 1}: ${why}`);
    };
    const header = HEADER.exec(line);
    if (header !== null) {
      const path = (header[1] ?? '').split('.');
      section = sectionOf(path[0] ?? '');
      const dependency = path[1];
      if ((path[0] === 'dependencies' || path[0] === 'dev-dependencies') && dependency !== undefined) {
        result.dependencies.push(dependency);
        section = 'other';
      }
      return;
    }
    if (line.startsWith('[')) fail(`malformed section header '${line}'`);
    const entry = ENTRY.exec(line);
    if (entry === null) return fail(`expected 'key = value', found '${line}'`);
    const key = (entry[1] ?? '').replace(/^"|"$/g, '');
    const value = parseValue(entry[2] ?? '', fail);
    switch (section) {
      case 'package':
        if (key === 'name') result.packageName = value;
        if (key === 'edition') result.edition = value;
        break;
      case 'addresses':
        result.addresses[key] = value;
        break;
      case 'dev-addresses':
        result.devAddresses[key] = value;
        break;
      case 'dependencies':
        result.dependencies.push(key);
        break;
      case 'other':
        break;
    }
  });
  if (result.packageName === '') throw new MoveTomlError("Move.toml: [package] has no 'name'");
  return result;
}

function sectionOf(name: string): Section {
  if (name === 'package' || name === 'addresses' || name === 'dev-addresses') return name;
  return name === 'dependencies' || name === 'dev-dependencies' ? 'dependencies' : 'other';
}

/** A `#` outside a string starts a comment. */
function stripComment(line: string): string {
  let inString = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '"' && line[i - 1] !== '\\') inString = !inString;
    else if (c === '#' && !inString) return line.slice(0, i);
  }
  return line;
}

/** Strings give their contents; inline tables, numbers and booleans give their text. */
function parseValue(text: string, fail: (why: string) => never): string {
  const value = text.trim();
  if (value.startsWith('"')) {
    const match = /^"((?:[^"\\]|\\.)*)"$/.exec(value);
    if (match === null) return fail(`unterminated or malformed string ${value}`);
    return (match[1] ?? '').replace(/\\(.)/g, '$1');
  }
  if (value.startsWith('{')) {
    if (!value.endsWith('}')) fail(`inline table must close on the same line: ${value}`);
    return value;
  }
  if (/^(true|false|[0-9][0-9_]*)$/.test(value)) return value;
  return fail(`unsupported value ${value}`);
}
