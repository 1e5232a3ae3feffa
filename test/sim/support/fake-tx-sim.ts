// A stand-in for upstream's `smi_tx_sim` binary, following its contract (rust-contracts §3): flags on
// the command line, the spec on stdin with `--ptb-spec -`, camelCase JSON on stdout, `Error: …` on
// stderr with exit status 1. Each run appends its argv and stdin to calls.jsonl and writes its pid.
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type FakeTxSimScenario = 'success' | 'chatty' | 'ladder' | 'fail' | 'malformed' | 'hang';

const SCRIPT = `
const fs = require('node:fs');
const path = require('node:path');
const dir = __dirname;
const scenario = process.argv[2];
const argv = process.argv.slice(3);
const flag = (name) => { const i = argv.indexOf(name); return i < 0 ? null : argv[i + 1]; };
fs.writeFileSync(path.join(dir, 'pid'), String(process.pid));
let stdin = '';
process.stdin.on('data', (chunk) => (stdin += chunk));
process.stdin.on('end', () => {
  fs.appendFileSync(path.join(dir, 'calls.jsonl'), JSON.stringify({ argv, stdin }) + '\\n');
  if (scenario === 'hang') { setInterval(() => {}, 1000); return; }
  if (scenario === 'fail') { process.stderr.write('Error: ' + 'x'.repeat(2000)); process.exit(1); }
  if (scenario === 'malformed') { process.stdout.write('Compiling... done\\n'); return; }
  if (scenario === 'chatty') process.stdout.write('INFO using a local package directory\\n');
  const mode = flag('--mode');
  const outOfGas = scenario === 'ladder' && Number(flag('--gas-budget')) < 2000000;
  const status = outOfGas ? { status: 'failure', error: 'InsufficientGas' } : { status: 'success' };
  const out = {
    modeUsed: mode.replace('-', '_'),
    createdObjectTypes: mode === 'dry-run' && !outOfGas ? ['0x2::kiosk::Kiosk', '0x2::kiosk::KioskOwnerCap'] : [],
    staticCreatedObjectTypes: ['0x2::kiosk::Kiosk'],
    programmableTransactionBcsBase64: mode === 'build-only' ? 'AAEA' : null,
    dryRun: mode === 'dry-run' ? { effects: { status }, objectChanges: [] } : null,
    devInspect: mode === 'dev-inspect' ? { effects: { status }, events: [] } : null,
  };
  if (mode === 'dev-inspect' || mode === 'build-only') out.createdObjectTypes = out.staticCreatedObjectTypes;
  process.stdout.write(JSON.stringify(out, null, 2) + '\\n');
});
`;

export interface FakeTxSim {
  /** The executable to pass as `externalBin`. */
  bin: string;
  dir: string;
  calls(): Promise<{ argv: string[]; stdin: string }[]>;
  pid(): Promise<number>;
  remove(): Promise<void>;
}

export async function writeFakeTxSim(scenario: FakeTxSimScenario): Promise<FakeTxSim> {
  const dir = await mkdtemp(join(tmpdir(), 'fake-tx-sim-'));
  await writeFile(join(dir, 'sim.cjs'), SCRIPT);
  const bin = join(dir, 'smi_tx_sim');
  await writeFile(bin, `#!/bin/sh\nexec "${process.execPath}" "${join(dir, 'sim.cjs')}" ${scenario} "$@"\n`);
  await chmod(bin, 0o755);
  return {
    bin,
    dir,
    calls: async () =>
      (await readFile(join(dir, 'calls.jsonl'), 'utf8'))
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { argv: string[]; stdin: string }),
    pid: async () => Number(await readFile(join(dir, 'pid'), 'utf8')),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
