// A helper a model would plausibly write (test/helper/fixtures/sender-bytes) calls methods of `address`
// on values it never names the type of: `ctx.sender().to_bytes()`, `ctx.sender().to_string()`,
// `id.to_address().to_bytes()` and `@0x5.to_u256()`. Their functions live in `sui::address`
// (`#[defines_primitive(address)]`), which the helper never names; Sui builds it against its real
// framework (test/move-stubs/real-source-differential.test.ts builds it there too), so the product must
// build it and run it. Expected by hand from the helper: every assert holds for the sender 0x…a11ce
// (its bytes are its BCS, its hex is those 64 digits, 0x5 is 5, a UID's address is 32 bytes), so the
// transaction runs to the end and creates one `Seen`, the target untouched.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildHelper } from '../../src/helper/build.js';
import { helperAddress } from '../../src/helper/execute.js';
import { runHelper } from '../../src/helper/run.js';
import { readMovePackage } from '../../src/sui-compiler/package-dir.js';
import { CORPUS_DIR, SHARED_PACKAGE_DIRS } from '../support/paths.js';

const WRAPPER = '0x358e10b333ce6563f40fdf46f95d020aa6f8e221d4299a2d9b2592968a7da467';
const HELPER_DIR = resolve(import.meta.dirname, 'fixtures', 'sender-bytes');

describe('a helper calling methods of address without naming it', () => {
  it('never writes the word, builds, and runs to the end in our VM', async () => {
    const pkg = await readMovePackage(HELPER_DIR);
    expect(pkg.files.map((f) => f.text).join('\n')).not.toMatch(/\baddress\b/);
    const answer = JSON.stringify({
      move_toml: readFileSync(join(HELPER_DIR, 'Move.toml'), 'utf8'),
      files: Object.fromEntries(pkg.files.map((f) => [f.path, f.text])),
    });
    const build = await buildHelper(answer, {
      corpusRoot: CORPUS_DIR,
      frameworkDir: null,
      packageId: WRAPPER,
    });
    if (build.stage !== 'built') throw new Error(`the helper did not build:\n${build.errors.join('\n')}`);
    const [result] = await runHelper({
      packageDir: SHARED_PACKAGE_DIRS[WRAPPER]!,
      packageId: WRAPPER,
      corpusRoot: CORPUS_DIR,
      frameworkDir: null,
      modules: build.modules,
      entrypoints: [],
    });
    const helper = helperAddress(WRAPPER);
    expect(result).toMatchObject({
      target: `0x${helper.replace(/^0+/, '')}::sender_bytes::record`,
      status: 'tier_b_hit',
      abort_code: null,
      error: null,
      target_modules_accessed: [],
      created_types: [`0x${helper}::sender_bytes::Seen`],
    });
  });
});
