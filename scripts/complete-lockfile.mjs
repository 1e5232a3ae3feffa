// Our package registry mirror only carries the Linux builds of @swc/core (pulled in by the Temporal
// workflow bundler) and of node-llama-cpp's prebuilt binaries, so `npm install` records just those in
// package-lock.json, and npm 11's `npm ci` then rejects the lockfile ("Missing: @swc/core-darwin-arm64
// from lock file"). This adds the missing
// platform packages back with their os/cpu constraints, so npm skips them on other platforms and fetches
// them where they apply. Run it after `npm install` changes the lockfile: node scripts/complete-lockfile.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const LOCKFILE = new URL('../package-lock.json', import.meta.url);
const PLATFORM_PACKAGE =
  /-(darwin|linux|win32)-(arm64|x64|ia32|arm|ppc64|s390x)(?:-(gnu|gnueabihf|musl|msvc))?$/;
/** node-llama-cpp names its binaries `@node-llama-cpp/<mac|linux|win>-<cpu>[-<gpu>]` (glibc on Linux). */
const LLAMA_PACKAGE = /^@node-llama-cpp\/(mac|linux|win)-(arm64|x64|armv7l|riscv64)(?:-[a-z-]+)?$/;
const LLAMA_OS = { mac: 'darwin', linux: 'linux', win: 'win32' };
const LLAMA_CPU = { armv7l: 'arm' };

/** [os, cpu, abi] of a platform package, or null. */
function platformOf(dep) {
  const llama = LLAMA_PACKAGE.exec(dep);
  if (llama) return [LLAMA_OS[llama[1]], LLAMA_CPU[llama[2]] ?? llama[2], undefined];
  const match = PLATFORM_PACKAGE.exec(dep);
  return match ? match.slice(1) : null;
}

const lock = JSON.parse(readFileSync(LOCKFILE, 'utf8'));
let added = 0;
for (const entry of Object.values(lock.packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const platform = platformOf(dep);
    if (lock.packages[`node_modules/${dep}`] || !platform) continue;
    const [os, cpu, abi] = platform;
    lock.packages[`node_modules/${dep}`] = {
      version,
      cpu: [cpu],
      ...(os === 'linux' && abi !== 'musl' ? { libc: ['glibc'] } : {}),
      ...(abi === 'musl' ? { libc: ['musl'] } : {}),
      optional: true,
      os: [os],
    };
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
);
writeFileSync(LOCKFILE, JSON.stringify(lock, null, 2) + '\n');
console.log(`package-lock.json: added ${added} platform package entr${added === 1 ? 'y' : 'ies'}`);
