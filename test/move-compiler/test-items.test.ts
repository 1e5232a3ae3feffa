// `sui move build` compiles no test code: `#[test_only]` modules and members and `#[test]` functions are
// left out of the bytecode, and a mistake inside them does not fail the build.
import { beforeAll, expect, it } from 'vitest';
import { loadDependencies, type DependencyEnv } from '../../src/move-compiler/check/deps.js';
import { compilePackage } from '../../src/move-compiler/compile.js';
import { CORPUS_DIR } from '../support/paths.js';

let dependencies: DependencyEnv;
beforeAll(async () => {
  dependencies = await loadDependencies({ corpusRoot: CORPUS_DIR });
}, 60_000);

it('leaves test-only modules, members and test functions out of the build', () => {
  const files = [
    {
      path: 'sources/m.move',
      text: `module demo::m;
#[test_only]
use demo::missing;
#[test_only]
public fun helper_for_tests(): u64 { missing::nothing() }
#[test]
fun a_test() { assert!(helper_for_tests() == 1) }
public fun kept(): u64 { 7 }
`,
    },
    {
      path: 'sources/t.move',
      text: `#[test_only]\nmodule demo::t;\npublic fun f(): u64 { undefined_name }\n`,
    },
  ];
  const result = compilePackage({ packageName: 'demo', addresses: { demo: '0x0' }, files, dependencies });
  expect(result.diagnostics).toEqual([]);
  expect(result.modules.map((m) => m.name)).toEqual(['m']);
  const json = result.modules[0]!.json;
  const functions = json.function_defs.map(
    (def) => json.identifiers[json.function_handles[def.function]!.name],
  );
  expect(functions).toEqual(['kept']);
});
