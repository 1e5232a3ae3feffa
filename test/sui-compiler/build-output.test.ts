// Where a build's modules go: `<out>/<package>/bytecode_modules/`, and never outside the folder the build may
// write to, whatever the package name or the links already on disk (the name is refused earlier too; this
// is the second line).
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BuildOutputError, writeBuildModules } from '../../src/sui-compiler/build-output.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'build-output-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const listTree = (dir: string) => readdirSync(dir, { recursive: true }).map(String).sort();
const MODULES = [{ name: 'm', bytes: Uint8Array.from([0xa1, 0x1c, 0xeb, 0x0b]) }];

async function refusal(allowed: string, outRoot: string, name: string): Promise<unknown> {
  return writeBuildModules(allowed, outRoot, name, MODULES).then(
    () => undefined,
    (e: unknown) => e,
  );
}

describe('writeBuildModules', () => {
  it('writes <out>/<name>/bytecode_modules/<module>.mv', async () => {
    const pkg = tempDir();
    const written = await writeBuildModules(pkg, join(pkg, 'build'), 'Demo', MODULES);
    expect(written).toBe(join(pkg, 'build', 'Demo', 'bytecode_modules'));
    expect([...readFileSync(join(written, 'm.mv'))]).toEqual([0xa1, 0x1c, 0xeb, 0x0b]);
  });

  it('refuses a name that climbs out of the folder, writing nothing', async () => {
    const base = tempDir();
    const pkg = join(base, 'pkg');
    mkdirSync(pkg);
    for (const name of ['../../x', '../..', '/tmp/x']) {
      const error = await refusal(pkg, join(pkg, 'build'), name);
      expect(error).toBeInstanceOf(BuildOutputError);
      expect((error as Error).message).toMatch(new RegExp(`would lie outside ${pkg}$`));
    }
    expect(listTree(base)).toEqual(['pkg']);
  });

  it('refuses a build folder that a link takes out of the package, writing nothing there', async () => {
    const pkg = tempDir();
    const outside = tempDir();
    symlinkSync(outside, join(pkg, 'build'));
    expect(await refusal(pkg, join(pkg, 'build'), 'Demo')).toBeInstanceOf(BuildOutputError);
    expect(listTree(outside)).toEqual([]);
    // The same link inside an --out-dir that is itself the allowed folder is fine: it stays inside.
    const out = tempDir();
    mkdirSync(join(out, 'real'));
    symlinkSync(join(out, 'real'), join(out, 'Demo'));
    await writeBuildModules(out, out, 'Demo', MODULES);
    expect(listTree(join(out, 'real'))).toEqual(['bytecode_modules', join('bytecode_modules', 'm.mv')]);
  });

  it('replaces a module file that is a link instead of writing through it', async () => {
    const pkg = tempDir();
    const outside = join(tempDir(), 'precious');
    writeFileSync(outside, 'keep me');
    const modulesDir = join(pkg, 'build', 'Demo', 'bytecode_modules');
    mkdirSync(modulesDir, { recursive: true });
    symlinkSync(outside, join(modulesDir, 'm.mv'));
    await writeBuildModules(pkg, join(pkg, 'build'), 'Demo', MODULES);
    expect(readFileSync(outside, 'utf8')).toBe('keep me');
    expect(lstatSync(join(modulesDir, 'm.mv')).isFile()).toBe(true);
  });
});
