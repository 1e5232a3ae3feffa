// Which framework modules a build is given: std whole, the modules a helper names and what they refer to.
// Expected sets from the framework's own structure: coin's stub refers to balance (its field type) and to
// pay (its `public use fun` aliases); kiosk is named by nothing here; Sui System only when named; and
// sui::address always, as the module of the methods of `address`.
import { describe, expect, it } from 'vitest';
import { buildDependencies, dependenciesForSources } from '../../src/sui-compiler/dependencies.js';
import { CORPUS_DIR } from '../support/paths.js';

const modulesOf = (files: Record<string, string> | undefined) =>
  Object.keys(files ?? {})
    .filter((path) => path.startsWith('sources/'))
    .map((path) => path.slice('sources/'.length, -'.move'.length));

describe('dependenciesForSources', () => {
  it('keeps what a helper names and what that refers to, and leaves out Sui System when unnamed', async () => {
    const all = await buildDependencies({ corpusRoot: CORPUS_DIR });
    const narrowed = dependenciesForSources(all, [
      'module h::m;\nuse sui::coin::Coin;\npublic fun v(c: &Coin<sui::sui::SUI>): u64 { c.value() }\n',
    ]);
    const sui = modulesOf(narrowed.framework.get('sui-framework'));
    expect(sui).toEqual(
      expect.arrayContaining(['coin', 'balance', 'pay', 'sui', 'object', 'transfer', 'tx_context']),
    );
    expect(sui).not.toContain('kiosk');
    expect(sui.length).toBeLessThan(modulesOf(all.framework.get('sui-framework')).length);
    expect(modulesOf(narrowed.framework.get('move-stdlib'))).toEqual(
      modulesOf(all.framework.get('move-stdlib')),
    );
    expect(narrowed.framework.has('sui-system')).toBe(false);
    expect(Object.keys(narrowed.rootDependencies)).not.toContain('sui_system');
  });

  it('keeps the modules that define primitive types, which no source or signature names', async () => {
    const all = await buildDependencies({ corpusRoot: CORPUS_DIR });
    const narrowed = dependenciesForSources(all, [
      'module h::m;\npublic fun b(ctx: &TxContext): vector<u8> { ctx.sender().to_bytes() }\n',
    ]);
    // sui::address is `#[defines_primitive(address)]` in Sui's framework: `ctx.sender()` is an address.
    expect(modulesOf(narrowed.framework.get('sui-framework'))).toContain('address');
  });

  it('keeps Sui System when the sources name it', async () => {
    const all = await buildDependencies({ corpusRoot: CORPUS_DIR });
    const narrowed = dependenciesForSources(all, ['module h::m;\nuse sui_system::staking_pool;\n']);
    expect(modulesOf(narrowed.framework.get('sui-system'))).toContain('staking_pool');
    expect(narrowed.rootDependencies).toHaveProperty('sui_system');
  });
});
