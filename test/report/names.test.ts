// How figures name runs and packages, how a created type is matched to a target, and how a long prompt is
// shortened for the self-contained report. Expected values written out by hand from the rules.
import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Leaderboard, LoadedRun } from '../../src/compare/leaderboard.js';
import { setOfRun, setRunName } from '../../src/evalset/run-name.js';
import { readConversation } from '../../src/report-parts/conversation.js';
import {
  boardOrder,
  runNames,
  unrankedRunName,
  shortPackageId,
  shortPackageIds,
} from '../../src/report/names.js';
import { targetHit } from '../../src/report-parts/page-parts.js';
import { EMPTY_TRACE } from '../../src/report-parts/traces.js';
import { putArtifact } from '../../src/run-store/artifacts.js';

const SUI = '0x0000000000000000000000000000000000000000000000000000000000000002';
const DEEPBOOK = '0x000000000000000000000000000000000000000000000000000000000000dee9';
const LONG = '0x1e00aaaabbbbccccddddeeeeffff000011112222333344445555666677773ccf';

const run = (label: string, model: string, phase: LoadedRun['phase']): LoadedRun => ({
  label,
  model,
  agent: 'real-openai-compatible',
  phase,
  rows: [],
  setting: {},
  runDir: null,
});

describe('short package ids', () => {
  it('drops leading zeros and keeps the first and last four of a long id', () => {
    expect(shortPackageId(SUI)).toBe('0x2');
    expect(shortPackageId(DEEPBOOK)).toBe('0xdee9');
    expect(shortPackageId(LONG)).toBe('0x1e00…3ccf');
    expect(shortPackageId('0x0')).toBe('0x0');
    // nine digits fit as they are; ten are shortened
    expect(shortPackageId('0x123456789')).toBe('0x123456789');
    expect(shortPackageId('0x123456789a')).toBe('0x1234…789a');
    expect(shortPackageId('<b>not an id</b>')).toBe('<b>not an id</b>');
  });

  it('keeps whole the ids whose short forms would be the same', () => {
    const twin = '0x1e00ffffffffffffffffffffffffffffffffffffffffffffffffffffffff3ccf';
    expect(shortPackageIds([SUI, LONG, twin, SUI])).toEqual(
      new Map([
        [SUI, '0x2'],
        [LONG, LONG],
        [twin, twin],
      ]),
    );
  });
});

describe('run names', () => {
  const set = 'nov-0123456789';

  it('reads the set and the model from a set run id', () => {
    expect(setRunName(`${set}.gpt-4o.phase2`)).toEqual({ setId: set, model: 'gpt-4o' });
    expect(setRunName('p1-mock')).toBeNull();
    expect(setOfRun(`${set}.sandbox`)).toBe(set);
    expect(setOfRun('sandbox-run')).toBeNull();
    expect(unrankedRunName(`${set}.sandbox`)).toBe('sandbox');
    expect(unrankedRunName('sandbox-run')).toBe('sandbox-run');
  });

  it('names a run by its model, with the phase only when phases mix, and keeps twins apart', () => {
    const a1 = run(`${set}.careful.phase1`, 'careful-model', 'phase1');
    const b1 = run(`${set}.hostile.phase1`, 'hostile-model', 'phase1');
    const a2 = run(`${set}.careful.phase2`, 'careful-model', 'phase2');
    expect([...runNames([a1, b1]).values()]).toEqual(['careful', 'hostile']);
    expect([...runNames([a1, b1, a2]).values()]).toEqual([
      'careful · Phase I',
      'hostile · Phase I',
      'careful · Phase II',
    ]);
    const own1 = run('p1-perfect', 'mock-perfect', 'phase1');
    const own2 = run('p1-perfect-seed3', 'mock-perfect', 'phase1');
    expect([...runNames([own1, own2]).values()]).toEqual([
      'mock-perfect (p1-perfect)',
      'mock-perfect (p1-perfect-seed3)',
    ]);
  });

  it('orders each phase’s runs as that phase’s board ranks them, not as another board does', () => {
    const a1 = run(`${set}.a.phase1`, 'a', 'phase1');
    const b1 = run(`${set}.b.phase1`, 'b', 'phase1');
    const a2 = run(`${set}.a.phase2`, 'a', 'phase2');
    const b2 = run(`${set}.b.phase2`, 'b', 'phase2');
    const c2 = run(`${set}.c.phase2`, 'c', 'phase2');
    const entry = (r: LoadedRun) => ({ run: r.label }) as Leaderboard['entries'][number];
    const board = (phase: string, runs: LoadedRun[]) =>
      ({ phase, entries: runs.map(entry), differences: [], paired: null }) as unknown as Leaderboard;
    // b ranks first on Phase I, a on Phase II: each figure follows its own board
    expect(boardOrder([a1, b1], board('phase1', [b1, a1]))).toEqual([b1, a1]);
    expect(boardOrder([b2, c2, a2], board('phase2', [a2, b2]))).toEqual([a2, b2, c2]);
  });
});

describe('target hits', () => {
  it('match a created type to a target by its base type, addresses in any spelling', () => {
    const hit = targetHit([`${SUI}::coin::Coin`, '0x2::kiosk::Kiosk']);
    expect(hit(`0x2::coin::Coin<0x2::sui::SUI>`)).toBe(true);
    expect(hit(`${SUI}::kiosk::Kiosk`)).toBe(true);
    expect(hit('0x2::coin::TreasuryCap<0x2::sui::SUI>')).toBe(false);
    expect(targetHit(null)('0x2::coin::Coin')).toBe(false);
  });
});

describe('prompts shortened for the self-contained report', () => {
  it('keep their start and their end, and say how much of the middle is left out', async () => {
    const runDir = mkdtempSync(join(tmpdir(), 'smi-clip-'));
    const prompt = `START${'x'.repeat(9_990)}FEEDBACK`; // 5 + 9,990 + 8 = 10,003 characters
    const promptSha = await putArtifact(join(runDir, 'artifacts'), prompt);
    const trace = { ...EMPTY_TRACE, prompts: [{ promptSha, answerSha: null }] };
    const [turn] = readConversation(runDir, trace, 4000);
    // the mark takes 21 of the 4,000 characters: 3,979 kept, 1,990 from the start and 1,989 from the end;
    // 10,003 − 3,979 = 6,024 left out
    const mark = '\n[… left out here …]\n';
    expect(mark).toHaveLength(21);
    expect(turn!.prompt).toBe(`START${'x'.repeat(1985)}${mark}${'x'.repeat(1981)}FEEDBACK`);
    expect(turn!.prompt).toHaveLength(4000);
    expect(turn!.cut.prompt).toBe(6024);
    expect(readConversation(runDir, trace, null)[0]!.prompt).toBe(prompt);
  });
});
