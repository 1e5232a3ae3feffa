// A crash inside the compiler becomes an `ICE` diagnostic at the module, never an exception that loses the
// build's report: the CLI prints it and a model's feedback names it as the compiler's fault.
import { beforeAll, expect, it } from 'vitest';
import { DependencyEnv, loadDependencies } from '../../src/move-compiler/check/deps.js';
import { compilePackage } from '../../src/move-compiler/compile.js';
import { CORPUS_DIR } from '../support/paths.js';

let framework: DependencyEnv;
beforeAll(async () => {
  framework = await loadDependencies({ corpusRoot: CORPUS_DIR });
}, 60_000);

it('reports a generator crash as an internal compiler error at the module', () => {
  // Signatures without the compiled modules behind them: the checker passes, the generator cannot find
  // the framework's handles and throws.
  const signaturesOnly = Object.create(framework, {
    compiledModules: { value: () => [] },
  }) as DependencyEnv;
  const text = 'module demo::m;\npublic fun f(ctx: &TxContext): address { ctx.sender() }\n';
  const result = compilePackage({
    packageName: 'demo',
    addresses: { demo: '0x0' },
    files: [{ path: 'sources/m.move', text }],
    dependencies: signaturesOnly,
  });
  expect(result.modules).toEqual([]);
  expect(result.diagnostics.map((d) => d.code.code)).toEqual(['ICE']);
  expect(result.diagnostics[0]!.primary.message).toMatch(
    /^internal compiler error while generating bytecode: /,
  );
  expect(result.diagnostics[0]!.primary.loc.file).toBe('sources/m.move');
});
