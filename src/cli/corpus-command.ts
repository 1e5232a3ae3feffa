// `smi-bench corpus synth --from DIR --count N --out DIR`: a corpus of N packages for trying scale, copied
// from the packages of DIR under new addresses.
import { existsSync, statSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { sourcePackages, synthesizeCorpus } from '../package-store/synth.js';
import { UsageError } from '../usage-error.js';
import type { CliIO } from './run-common.js';

export async function runCorpusSynth(
  opts: { from: string; count: number; out: string },
  io: CliIO,
): Promise<number> {
  const from = resolve(opts.from);
  const out = resolve(opts.out);
  if (!existsSync(from) || !statSync(from).isDirectory())
    throw new UsageError(`--from: no such folder: ${from}`);
  const inside = (a: string, b: string) => !relative(b, a).startsWith('..');
  if (inside(out, from) || inside(from, out))
    throw new UsageError('--out must be a folder outside --from (and not contain it)');
  const sources = await sourcePackages(from).catch((err: unknown) => {
    throw new UsageError(`--from: ${(err as Error).message} (a corpus in the sui-packages layout)`);
  });
  io.log(`copying ${opts.count} packages from ${sources.length} in ${from} to ${out} …`);
  const step = Math.max(1, Math.ceil(opts.count / 10));
  const started = Date.now();
  await synthesizeCorpus(sources, out, opts.count, (done) => {
    if (done % step === 0 || done === opts.count) io.log(`  ${done}/${opts.count}`);
  });
  io.out(
    `wrote ${opts.count} packages to ${out} in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
      `try: smi-bench phase1 --corpus-root ${out} --samples 0`,
  );
  return 0;
}
