// Bytecode does not keep the framework's macros, its `x[i]` index functions or its `public use fun`
// aliases, so the stubs add them back from our own tables (src/move-stubs/framework-annotations.ts and
// the *-macros.ts files). Are those tables complete? The names Sui's framework sources declare are listed
// in fixtures/framework-source-extras.txt (read from a later Sui release than the corpus's framework);
// every entry the corpus's framework can carry (its module, receiver type and target function are in the
// bytecode, the function public) must appear in the stubs made from that framework.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { moduleSelfName } from '../../src/move/interface.js';
import { deserializeModule, type ModuleJson } from '../../src/move/module-json.js';
import { FRAMEWORK_PACKAGES } from '../../src/move-stubs/framework-packages.js';
import { packageStub } from '../../src/move-stubs/package-stub.js';
import { packageDirFor } from '../../src/package-store/layout.js';
import { readPackageDir } from '../../src/package-store/package-dir.js';
import { CORPUS_DIR } from '../support/paths.js';

// std::macros holds the shared bodies behind the integer modules' macros (`u64::do!` and the like, which
// the stubs declare); Sui's own sources describe it as an implementation detail, not an interface.
const NOT_AN_INTERFACE = new Set(['0x1::macros']);

const ENTRIES = readFileSync(join(import.meta.dirname, 'fixtures', 'framework-source-extras.txt'), 'utf8')
  .split('\n')
  .filter((line) => line !== '' && !line.startsWith('#'))
  .map((line) => line.split(' '));

interface FrameworkModules {
  /** Stub source by module name. */
  sources: Map<string, string>;
  /** `module::name` of every public function and every datatype. */
  publicFunctions: Set<string>;
  datatypes: Set<string>;
}

async function frameworkModules(id: string, namedAddress: string): Promise<FrameworkModules> {
  const pkg = await readPackageDir(packageDirFor(CORPUS_DIR, id));
  const modules: ModuleJson[] = pkg.modules.map((m) => deserializeModule(m.bytes, m.label));
  const stub = packageStub(modules, namedAddress);
  const publicFunctions = new Set<string>();
  const datatypes = new Set<string>();
  for (const module of modules) {
    const name = moduleSelfName(module);
    for (const def of module.function_defs)
      if (def.visibility === 'Public')
        publicFunctions.add(`${name}::${module.identifiers[module.function_handles[def.function]!.name]}`);
    for (const handle of module.datatype_handles.filter((h) => h.module === module.self_module_handle_idx))
      datatypes.add(`${name}::${module.identifiers[handle.name]}`);
  }
  const sources = new Map(
    Object.entries(stub.sources).map(([path, text]) => [/^sources\/(.+)\.move$/.exec(path)![1]!, text]),
  );
  return { sources, publicFunctions, datatypes };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const FRAMEWORK = new Map(
  await Promise.all(
    FRAMEWORK_PACKAGES.map(
      async (pkg) => [pkg.id, await frameworkModules(pkg.id, pkg.namedAddress)] as const,
    ),
  ),
);

interface Check {
  entry: string;
  /** Why the corpus's framework cannot carry it; null when its stub must. */
  cannot: string | null;
  /** What the module's stub must contain. */
  expected: RegExp;
  module: string;
  framework: FrameworkModules;
}

function check(fields: string[]): Check {
  const [kind, where] = fields;
  const [id, module] = where!.split('::') as [string, string];
  const framework = FRAMEWORK.get(id)!;
  const entry = fields.join(' ');
  const base = { entry, module, framework };
  if (!framework.sources.has(module)) return { ...base, cannot: 'no such module', expected: /$^/ };
  if (kind === 'macro') {
    const name = where!.split('::')[2]!;
    const cannot = NOT_AN_INTERFACE.has(`${id}::${module}`) ? 'not an interface' : null;
    return { ...base, cannot, expected: new RegExp(`\\bmacro fun ${name}\\b`) };
  }
  if (kind === 'primitive') {
    // Method calls on a value of the primitive resolve in this module, whose name the caller never writes.
    return { ...base, cannot: null, expected: new RegExp(`#\\[defines_primitive\\(${fields[2]}\\)\\]`) };
  }
  if (kind === 'index') {
    const name = where!.split('::')[2]!;
    const cannot = framework.publicFunctions.has(`${module}::${name}`) ? null : 'no such public function';
    return {
      ...base,
      cannot,
      expected: new RegExp(`#\\[syntax\\(index\\)\\](\\s*#\\[\\w+\\])*\\s*public (native )?fun ${name}\\b`),
    };
  }
  const [type, method] = fields[2]!.split('.') as [string, string];
  const target = fields[3]!;
  const cannot = !(framework.datatypes.has(`${module}::${type}`) || type === module)
    ? 'no such receiver type'
    : framework.publicFunctions.has(target)
      ? null
      : 'no such public function';
  const expected = new RegExp(
    `public use fun 0x[0-9a-f]+::${escape(target)} as \\w*${escape(type)}\\.${method};`,
  );
  return { ...base, cannot, expected };
}

const CHECKS = ENTRIES.map(check);

test.each(CHECKS.filter((c) => c.cannot === null).map((c) => [c.entry, c] as const))(
  'the stubs carry %s',
  (_, { framework, module, expected }) => {
    expect(framework.sources.get(module)).toMatch(expected);
  },
);

test('most of the list applies to the corpus’s framework, and what does not says why', () => {
  // Left out: modules the corpus's framework lacks (newer or test-only ones), aliases of package-only
  // functions (usable inside the framework alone), and std::macros.
  const applying = CHECKS.filter((c) => c.cannot === null);
  expect(applying.length).toBeGreaterThan(140);
  expect(new Set(CHECKS.map((c) => c.cannot))).toEqual(
    new Set([null, 'no such module', 'no such public function', 'not an interface']),
  );
});
