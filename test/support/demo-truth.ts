// The demo corpus written to a temp dir, with each package's key types (the truth), for end-to-end tests;
// and the commands the demo prints to try next.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractKeyTypes } from '../../src/core/truth.js';
import { sortedByCodePoint } from '../../src/core/py-string.js';
import { extractPackageInterface } from '../../src/move/index.js';
import { demoPackageId } from '../../src/package-store/demo-corpus.js';
import { writeDemoCorpus } from '../../src/package-store/demo-corpus.js';

export interface DemoCorpus {
  root: string;
  /** package id → sorted key types */
  truth: Map<string, string[]>;
  idOf(name: string): string;
}

export async function makeDemoCorpus(): Promise<DemoCorpus> {
  const root = join(mkdtempSync(join(tmpdir(), 'smi-demo-')), 'corpus');
  const packages = await writeDemoCorpus(root);
  const truth = new Map<string, string[]>();
  for (const p of packages) {
    truth.set(p.package_id, sortedByCodePoint(extractKeyTypes(await extractPackageInterface(p.package_dir))));
  }
  return { root, truth, idOf: (name) => demoPackageId(name) };
}

/** The arguments of the `npx smi-bench COMMAND …` line the demo printed last for `command`, as a shell splits them. */
export function printedArgs(stdout: string, command: string): string[] {
  const line = [...stdout.split('\n')].reverse().find((l) => l.startsWith(`  npx smi-bench ${command} `))!;
  return line
    .replace(/ +#.*$/, '')
    .trim()
    .split(/ +/)
    .slice(2);
}
