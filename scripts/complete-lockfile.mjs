// Our package registry mirror only carries the Linux builds of @swc/core (pulled in by the Temporal
// workflow bundler), so `npm install` records just those in package-lock.json, and npm 11's `npm ci`
// then rejects the lockfile ("Missing: @swc/core-darwin-arm64 from lock file"). This adds the missing
// platform packages back with their os/cpu constraints, so npm skips them on other platforms and fetches
// them where they apply. Run it after `npm install` changes the lockfile: node scripts/complete-lockfile.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const LOCKFILE = new URL('../package-lock.json', import.meta.url);
const PLATFORM_PACKAGE =
  /-(darwin|linux|win32)-(arm64|x64|ia32|arm|ppc64|s390x)(?:-(gnu|gnueabihf|musl|msvc))?$/;

const lock = JSON.parse(readFileSync(LOCKFILE, 'utf8'));
let added = 0;
for (const entry of Object.values(lock.packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const match = PLATFORM_PACKAGE.exec(dep);
    if (lock.packages[`node_modules/${dep}`] || !match) continue;
    const [, os, cpu, abi] = match;
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
