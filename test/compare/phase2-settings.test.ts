// compare flags Phase II runs whose sender or dry-run requirement differ: the sender's objects and coins
// are what plans can use, and --require-dry-run forbids the dev-inspect fallback. Run directories written
// here with the identity keys a run records (run-store/run-record.ts flattens the options under
// `options.`); a result file alone (no run directory) says its sender too.
import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { boardsOf } from '../../src/compare/leaderboard.js';
import { loadRuns } from '../../src/compare/load-runs.js';

const logDir = mkdtempSync(join(tmpdir(), 'smi-phase2-settings-'));
const result = (sender: string) => ({ schema_version: 2, agent: 'baseline-search', sender, packages: [] });

function writeRun(runId: string, options: Record<string, string | boolean>): void {
  const runDir = join(logDir, runId);
  mkdirSync(runDir, { recursive: true });
  writeFileSync(join(runDir, 'result.json'), JSON.stringify(result(String(options['sender']))));
  writeFileSync(join(runDir, 'run_metadata.json'), JSON.stringify({ agent: 'baseline-search' }));
  const identity = Object.fromEntries(Object.entries(options).map(([k, v]) => [`options.${k}`, v]));
  writeFileSync(
    join(runDir, 'selection.json'),
    JSON.stringify({ agent: 'baseline-search', identity: { corpus_root: '/c', samples: 0, ...identity } }),
  );
}

const dryRun = { simulationMode: 'dry-run', sender: '0xa11ce', requireDryRun: true };
writeRun('strict', dryRun);
writeRun('lenient', { ...dryRun, requireDryRun: false });
writeRun('other-sender', { ...dryRun, sender: '0xb0b' });

describe('compare on Phase II settings', () => {
  it('flags a different --require-dry-run', () => {
    const [board] = boardsOf(loadRuns(['strict', 'lenient'], logDir));
    expect(board!.differences).toEqual(['options.requireDryRun: strict=true, lenient=false']);
  });

  it('flags a different sender, from run directories and from result files alone', () => {
    const [board] = boardsOf(loadRuns(['strict', 'other-sender'], logDir));
    expect(board!.differences).toEqual(['options.sender: strict=0xa11ce, other-sender=0xb0b']);
    const a = join(logDir, 'a.json');
    const b = join(logDir, 'b.json');
    writeFileSync(a, JSON.stringify(result('0xa11ce')));
    writeFileSync(b, JSON.stringify(result('0xb0b')));
    const [files] = boardsOf(loadRuns([a, b], logDir));
    expect(files!.differences).toEqual([`sender: ${a}=0xa11ce, ${b}=0xb0b`]);
  });
});
