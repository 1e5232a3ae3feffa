// Where each evaluation set keeps its runs: `eval-set` notes its log dir in SMI_HOME, so that `compare`,
// `report` and `status` find a set by its id or its name without `--log-dir` (run from the same place, or
// with the same SMI_HOME). One small file per set, so two sets starting at once never write the same file.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { smiHome } from '../smi-home.js';

export interface KnownSet {
  setId: string;
  logDir: string;
}

const indexDir = (home: string) => join(home, 'sets');

export function recordSetLogDir(setId: string, logDir: string, home = smiHome()): void {
  mkdirSync(indexDir(home), { recursive: true });
  writeFileSync(join(indexDir(home), `${setId}.log-dir`), logDir + '\n');
}

/** The sets noted whose id is `name`, or whose name is (`<name>-<10 hex digits>`), sorted by id. */
export function knownSets(name: string, home = smiHome()): KnownSet[] {
  const dir = indexDir(home);
  if (!existsSync(dir)) return [];
  const isIt = (setId: string) =>
    setId === name || new RegExp(`^${escapeRegExp(name)}-[0-9a-f]{10}$`).test(setId);
  return readdirSync(dir)
    .filter((file) => file.endsWith('.log-dir'))
    .map((file) => file.slice(0, -'.log-dir'.length))
    .filter(isIt)
    .sort()
    .map((setId) => ({ setId, logDir: readFileSync(join(dir, `${setId}.log-dir`), 'utf8').trim() }));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
