// The 17 mainnet packages of ../shared/mainnet and three ways a user gives them the framework of
// ../shared/corpus: `--framework-dir` over the folder itself, a corpus root holding copies of both (as the
// folder's README asks; test/move-stubs/stub-build.ts makes it), and a corpus root made of links: a link to a
// folder whose prefix folders are links to those of ../shared/corpus and ../shared/mainnet.
// The packages' ids and target counts are read from the folder's README table (upstream's mainnet run).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CORPUS_DIR, SHARED_DIR } from './paths.js';

export const MAINNET_DIR = join(SHARED_DIR, 'mainnet');

/** The sender of upstream's mainnet dry-run, funded on mainnet, as the folder's README names it. */
export const UPSTREAM_SENDER = /funded sender `(0x[0-9a-f]{64})`/.exec(
  readFileSync(join(MAINNET_DIR, 'README.md'), 'utf8'),
)![1]!;

export interface MainnetPackage {
  /** Storage id, as the table gives it (`0x` + 64 hex). */
  id: string;
  version: number;
  originalId: string;
  /** The package's `key` structs: the denominator of upstream's "n/m hits". */
  targets: number;
  /** Upstream's mainnet dry-run succeeded ("executed"). */
  executed: boolean;
  /** Targets upstream's dry-run created (0 when not executed). */
  hits: number;
}

const ROW =
  /^\| `(0x[0-9a-f]{64})` \| (\d+) \| `(0x[0-9a-f]{64})` \| [^|]+ \| [^|]+ \| (executed, \d+\/(\d+) hits|not executed \(0\/(\d+)\)) \|/;

/** The README table's rows, in its order (sorted by storage id). */
export function mainnetPackages(): MainnetPackage[] {
  const rows: MainnetPackage[] = [];
  for (const line of readFileSync(join(MAINNET_DIR, 'README.md'), 'utf8').split('\n')) {
    const m = ROW.exec(line);
    if (!m) continue;
    rows.push({
      id: m[1]!,
      version: Number(m[2]),
      originalId: m[3]!,
      targets: Number(m[5] ?? m[6]),
      executed: m[5] !== undefined,
      hits: Number(/^executed, (\d+)\//.exec(m[4]!)?.[1] ?? 0),
    });
  }
  return rows;
}

const prefixes = (root: string) => readdirSync(root).filter((name) => /^0x[0-9a-f]{2}$/.test(name));

/**
 * A corpus root that is a link to a folder of links: `0x00` to the shared corpus's framework folder, every
 * prefix folder of ../shared/mainnet to its own. Nothing is copied; resolving a package's folder leads out
 * of the corpus root, to ../shared/mainnet.
 */
export function linkedMainnetRoot(): string {
  const parent = mkdtempSync(join(tmpdir(), 'smi-linked-corpus-'));
  const links = join(parent, 'links');
  mkdirSync(links);
  symlinkSync(join(CORPUS_DIR, '0x00'), join(links, '0x00'), 'dir');
  for (const prefix of prefixes(MAINNET_DIR))
    symlinkSync(join(MAINNET_DIR, prefix), join(links, prefix), 'dir');
  const root = join(parent, 'corpus');
  symlinkSync(links, root, 'dir');
  return root;
}

/**
 * A corpus root holding every package of ../shared/corpus and ../shared/mainnet: a folder of links to the
 * prefix folders of both (their prefixes do not overlap).
 */
export function linkedSharedRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'smi-shared-corpus-'));
  for (const dir of [CORPUS_DIR, MAINNET_DIR])
    for (const prefix of prefixes(dir)) symlinkSync(join(dir, prefix), join(root, prefix), 'dir');
  return root;
}
