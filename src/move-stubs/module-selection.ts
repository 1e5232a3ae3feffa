// Sui's compiler checks every dependency module from source on every build, so a build is as slow as the
// stubs it is given (the whole framework costs about 150 ms a build). Selection is only for speed: a build
// against the modules kept must give the verdict and diagnostics of a build against them all. So a module
// is kept whenever the compiler could look anything up in it while checking the package:
// - by name: the sources name it (`coin::zero`, `use sui::{coin, balance}`, `0x2::coin::Coin`), or Move
//   2024's implicit aliases do (`object`, `transfer`, `tx_context`); std is kept whole anyway;
// - by type: a method call `x.f()`, index syntax `x[i]` and the `public use fun`s of `x`'s type all resolve
//   in the module that defines that type. A value's type comes from a signature of a kept module (a return,
//   a parameter to fill, a field), or from the sources, which then name it. Stubs name every type by
//   address and module (`0x2::balance::Balance`), macros and `use fun` targets too, so keeping every
//   module a kept stub names, transitively, keeps the module of every type a build can reach;
// - by primitive: methods on `address`, `vector`, `u64`, `bool`… resolve in the module marked
//   `#[defines_primitive]`, which no signature names (`ctx.sender().to_bytes()` needs `sui::address`
//   though the sources never say "address"). Those modules are always kept: such values are everywhere.
// The target and its dependencies are kept whole. A word that only looks like a module name costs a
// little time, never a wrong verdict. test/move-stubs/real-source-differential.test.ts holds selection to
// the verdicts of builds against Sui's real framework sources.
import { FRAMEWORK_PACKAGES } from './framework-packages.js';
import type { PackageFiles } from './stub-fetcher.js';

/** Where the framework's modules are named in stub text: by address literal or by named address. */
const FRAMEWORK_FOLDERS: Record<string, string> = Object.fromEntries(
  FRAMEWORK_PACKAGES.flatMap((pkg) => [
    [pkg.id, pkg.folder],
    [pkg.namedAddress, pkg.folder],
  ]),
);
const MODULE_REFERENCE = new RegExp(
  `\\b(0x[0-9a-fA-F]+|${FRAMEWORK_PACKAGES.map((pkg) => pkg.namedAddress).join('|')})::([A-Za-z_][A-Za-z0-9_]*)`,
  'g',
);
const WORD = /[A-Za-z_][A-Za-z0-9_]*/g;
/** How a stub declares that its module holds a primitive type's methods. */
const DEFINES_PRIMITIVE = /^#\[defines_primitive\(/m;
/** Modules every Move 2024 package sees without naming them (`UID`, `TxContext`, `transfer::…`). */
const IMPLICIT = ['object', 'transfer', 'tx_context'];

const moduleFile = (name: string) => `sources/${name}.move`;
const moduleName = (path: string) => path.slice('sources/'.length, -'.move'.length);

/** The framework's stub packages cut down to what `sources` can reach; a package left empty is dropped. */
export function frameworkForSources(
  framework: ReadonlyMap<string, PackageFiles>,
  local: ReadonlyMap<string, PackageFiles>,
  sources: readonly string[],
): Map<string, PackageFiles> {
  const kept = new Map<string, Set<string>>();
  const queue: string[] = [];
  const keep = (folder: string, name: string) => {
    if (!framework.get(folder)?.[moduleFile(name)]) return;
    const names = kept.get(folder) ?? new Set<string>();
    kept.set(folder, names);
    if (names.has(name)) return;
    names.add(name);
    queue.push(framework.get(folder)![moduleFile(name)]!);
  };
  const keepReferences = (text: string) => {
    for (const [, address, name] of text.matchAll(MODULE_REFERENCE)) {
      const folder = FRAMEWORK_FOLDERS[address!.toLowerCase().replace(/^0x0+/, '0x')];
      if (folder) keep(folder, name!);
    }
  };

  for (const path of Object.keys(framework.get('move-stdlib') ?? {}))
    if (path.startsWith('sources/')) keep('move-stdlib', moduleName(path));
  for (const [folder, files] of framework)
    for (const [path, text] of Object.entries(files))
      if (path.startsWith('sources/') && DEFINES_PRIMITIVE.test(text)) keep(folder, moduleName(path));
  const words = new Set(sources.flatMap((text) => text.match(WORD) ?? []));
  for (const name of IMPLICIT) words.add(name);
  for (const folder of ['sui-framework', 'sui-system']) for (const word of words) keep(folder, word);
  for (const files of local.values()) for (const text of Object.values(files)) keepReferences(text);
  for (const text of sources) keepReferences(text);
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) keepReferences(next);

  const narrowed = new Map<string, PackageFiles>();
  for (const [folder, files] of framework) {
    const names = kept.get(folder);
    if (!names) continue;
    narrowed.set(
      folder,
      Object.fromEntries(
        Object.entries(files).filter(([path]) => !path.startsWith('sources/') || names.has(moduleName(path))),
      ),
    );
  }
  return narrowed;
}
