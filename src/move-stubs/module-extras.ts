// What a module's stub carries beyond its bytecode: the framework annotations and macros that apply to
// it, each kept only where the package has what it names, so a framework of another version still gives
// stubs that compile (with fewer conveniences).
import { FRAMEWORK_ANNOTATIONS } from './framework-annotations.js';
import { INTEGER_MACROS } from './integer-macros.js';
import { moveIdentifier } from './move-identifier.js';
import { OPTION_MACROS } from './option-macros.js';
import { SUI_MACROS } from './sui-macros.js';
import { VECTOR_MACROS } from './vector-macros.js';

export interface ModuleExtras {
  definesPrimitive: string | null;
  bytecodeInstructions: ReadonlySet<string>;
  indexFunctions: ReadonlySet<string>;
  /** `public use fun <target> as <type>.<method>`, the target written as a full path. */
  methodAliases: { type: string; method: string; target: string }[];
  macroSources: string[];
  /** The note of a deprecated module, or null. */
  deprecatedModule: string | null;
  /** Deprecated function → note. */
  deprecatedFunctions: ReadonlyMap<string, string>;
}

/** What a package declares, by `module::member`. */
export interface PackageMembers {
  /** `0x2`: the address literal of the package's modules. */
  address: string;
  publicFunctions: ReadonlySet<string>;
  datatypes: ReadonlySet<string>;
}

const MACROS = [VECTOR_MACROS, OPTION_MACROS, ...INTEGER_MACROS, ...SUI_MACROS];

export function moduleExtras(moduleName: string, members: PackageMembers): ModuleExtras {
  const key = `${members.address}::${moduleName}`;
  const annotations = FRAMEWORK_ANNOTATIONS.get(key) ?? {};
  const isPublic = (name: string) => members.publicFunctions.has(`${moduleName}::${name}`);
  const receiverExists = (type: string) =>
    type === annotations.definesPrimitive || members.datatypes.has(`${moduleName}::${type}`);
  return {
    definesPrimitive: annotations.definesPrimitive ?? null,
    bytecodeInstructions: new Set(annotations.bytecodeInstructions),
    indexFunctions: new Set(annotations.indexFunctions?.filter(isPublic)),
    methodAliases: (annotations.methodAliases ?? [])
      .filter((a) => members.publicFunctions.has(a.target) && receiverExists(a.type))
      .map((a) => ({
        type: moveIdentifier(a.type),
        method: a.method,
        target: `${members.address}::${a.target}`,
      })),
    macroSources: MACROS.filter(
      (group) => group.module === key && group.calls.every((call) => members.publicFunctions.has(call)),
    ).map((group) => group.source),
    deprecatedModule: annotations.deprecatedModule ?? null,
    deprecatedFunctions: new Map(Object.entries(annotations.deprecatedFunctions ?? {})),
  };
}
