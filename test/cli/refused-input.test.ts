// Bad input named on the command line (a plan file that is not a JSON object of plans, an ids file without
// one package id or of ids the corpus lacks, a prompt template that cannot be read) is refused at once: one line, exit status 2, and
// nothing started: no server, no workflow, no run directory. So are bad flags (eval-set, compare, resume).
import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { isPortOpen } from '../../src/temporal/ports.js';
import { runWorkflowId } from '../../src/temporal/names.js';
import { ownServerPorts, smiBench } from '../support/cli.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';
import { CORPUS_DIR } from '../support/paths.js';
import { temporalAddress } from '../support/temporal.js';
import type { Phase } from '../../src/contracts/phases.js';

const work = mkdtempSync(join(tmpdir(), 'smi-refused-'));
const file = (name: string, text: string) => {
  writeFileSync(join(work, name), text);
  return join(work, name);
};
const notJson = file('plans.txt', 'not json\n');
const arrayPlans = file('plans.json', '[{"calls": []}]');
const emptyIds = file('empty.txt', '');
const commentIds = file('comments.txt', '# the ids of my dataset\n\n   \n# none yet\n');
const wordIds = file('words.txt', 'wrapper_coin\nsome package\n');
const absentIds = file(
  'absent.txt',
  '0xdee9\n0x00000000000000000000000000000000000000000000000000000000000000aa\n',
);
mkdirSync(join(work, 'datasets'));
writeFileSync(join(work, 'datasets', 'nothing.txt'), '\n\n');
const directory = join(work, 'datasets');
const missing = join(work, 'missing-template.txt');

const PLAN_SHAPE = '--plan-file must be a JSON object mapping package_id -> PTB spec';

interface Case {
  name: string;
  phase: Phase;
  args: string[];
  error: string;
}

const phase = (name: Phase, ...args: string[]) => [name, '--corpus-root', CORPUS_DIR, ...args];
const CASES: Case[] = [
  {
    name: 'phase2: a plan file that is not JSON',
    phase: 'phase2',
    args: phase('phase2', '--agent', 'mock-planfile', '--plan-file', notJson),
    error: `error: ${PLAN_SHAPE}: ${notJson} (not JSON: Unexpected token 'o', "not json " is not valid JSON)`,
  },
  {
    name: 'phase2: a plan file that is a JSON array',
    phase: 'phase2',
    args: phase('phase2', '--agent', 'mock-planfile', '--plan-file', arrayPlans),
    error: `error: ${PLAN_SHAPE}: ${arrayPlans} (it holds an array)`,
  },
  {
    name: 'phase1: an empty ids file',
    phase: 'phase1',
    args: phase('phase1', '--package-ids-file', emptyIds),
    error: `error: package ids file has no ids (only blank lines and # comments): ${emptyIds}`,
  },
  {
    name: 'phase2: an ids file of comments and blank lines',
    phase: 'phase2',
    args: phase('phase2', '--package-ids-file', commentIds),
    error: `error: package ids file has no ids (only blank lines and # comments): ${commentIds}`,
  },
  {
    name: 'sandbox: an ids file without a package id',
    phase: 'sandbox',
    args: phase('sandbox', '--package-ids-file', wordIds, '--output', join(work, 'out.jsonl')),
    error:
      `error: package ids file has no package id (0x and hex digits, one per line): ${wordIds}; ` +
      'its first entry is "wrapper_coin"',
  },
  {
    name: 'sandbox: a --package-id the corpus lacks (short form, as Sui users write it)',
    phase: 'sandbox',
    args: phase(
      'sandbox',
      '--package-id',
      '0x2',
      '--package-id',
      '0xdee9',
      '--output',
      join(work, 'out.jsonl'),
    ),
    error: `error: --package-id 0xdee9: not in the corpus ${CORPUS_DIR}`,
  },
  {
    name: 'sandbox: a --package-id that is no hex',
    phase: 'sandbox',
    args: phase('sandbox', '--package-id', 'deepbook', '--output', join(work, 'out.jsonl')),
    error: 'error: --package-id deepbook is not a package id (0x and 1 to 64 hex digits)',
  },
  {
    name: 'phase1: an ids file of ids the corpus lacks',
    phase: 'phase1',
    args: phase('phase1', '--package-ids-file', absentIds),
    error: `error: none of the 2 ids of ${absentIds} is in the corpus ${CORPUS_DIR}`,
  },
  {
    name: 'phase1: a dataset without ids',
    phase: 'phase1',
    args: phase('phase1', '--dataset', 'nothing'),
    error: `error: package ids file has no ids (only blank lines and # comments): ${join(directory, 'nothing.txt')}`,
  },
  {
    name: 'phase1: a prompt template that does not exist',
    phase: 'phase1',
    args: phase('phase1', '--prompt-template', missing),
    error: `error: prompt template not found: ${missing}`,
  },
  {
    name: 'phase2: a prompt template that cannot be read',
    phase: 'phase2',
    args: phase('phase2', '--prompt-template', `initial=${directory}`),
    error: `error: cannot read prompt template ${directory}: EISDIR: illegal operation on a directory, read`,
  },
];

async function workflowsIn(
  namespace: string,
  workflowId: string,
): Promise<{ listed: number; found: boolean }> {
  const connection = await Connection.connect({ address: temporalAddress() });
  try {
    const client = new Client({ connection, namespace });
    let listed = 0;
    for await (const _ of client.workflow.list()) listed++;
    const found = await client.workflow
      .getHandle(workflowId)
      .describe()
      .then(
        () => true,
        () => false,
      );
    return { listed, found };
  } finally {
    await connection.close();
  }
}

/**
 * The command fails with exactly `error`, and leaves no run directory behind. (Not timed: that it refused
 * before starting anything is what the callers check, which a loaded machine cannot make flaky.)
 */
async function expectRefused(c: Case, runId: string, env: Record<string, string>) {
  const logDir = join(work, `logs-${runId}`);
  const res = await smiBench(
    [...c.args, '--run-id', runId, '--log-dir', logDir, '--no-progress'],
    { SMI_DATASETS_DIR: directory, ...env },
    undefined,
    { keepFinalNewline: true },
  );
  expect(res.exitCode, String(res.stderr)).toBe(2);
  expect(res.stderr).toBe(`${c.error}\n`);
  expect(res.stdout).toBe('');
  expect(existsSync(logDir)).toBe(false);
}

describe('bad input is refused before anything starts', () => {
  it.each(CASES.map((c, i) => ({ ...c, i })))('$name (shared server)', async (c) => {
    const runId = `refused-${c.i}`;
    const env = { TEMPORAL_ADDRESS: temporalAddress(), TEMPORAL_NAMESPACE: TEST_NAMESPACES.refusedInput };
    await expectRefused(c, runId, env);
    expect(await workflowsIn(TEST_NAMESPACES.refusedInput, runWorkflowId(c.phase, runId))).toEqual({
      listed: 0,
      found: false,
    });
  });

  it.each(CASES.map((c, i) => ({ ...c, i })))('$name (no server yet)', async (c) => {
    const home = join(work, `home-${c.i}`);
    const ports = await ownServerPorts();
    await expectRefused(c, `local-${c.i}`, { SMI_HOME: home, ...ports });
    // no dev server was started: nothing listens on its ports and it has no database
    expect(existsSync(home)).toBe(false);
    expect(await isPortOpen('127.0.0.1', Number(ports.SMI_TEMPORAL_PORT))).toBe(false);
  });
});

describe('phase2-targeted-run: a bad base manifest is refused before anything starts', () => {
  const unknownIds = file(
    'unknown-ids.txt',
    '# packages of another corpus\n0x00000000000000000000000000000000000000000000000000000000000000aa\n0xbb\n',
  );
  const absent = join(work, 'no-such-manifest.txt');
  const cases = [
    {
      name: 'a base manifest that does not exist',
      manifest: absent,
      error: `error: --base-manifest ${absent} does not exist`,
    },
    {
      name: 'a base manifest whose ids are all unknown to the corpus',
      manifest: unknownIds,
      error:
        `error: none of the 2 ids of --base-manifest ${unknownIds} is in the corpus ${CORPUS_DIR} ` +
        '(first: 0x00000000000000000000000000000000000000000000000000000000000000aa)',
    },
    {
      name: 'a base manifest without ids',
      manifest: commentIds,
      error: `error: package ids file has no ids (only blank lines and # comments): ${commentIds}`,
    },
  ];

  it.each(cases.map((c, i) => ({ ...c, i })))('$name', async (c) => {
    const outDir = join(work, `targeted-${c.i}`);
    const logDir = join(work, `targeted-logs-${c.i}`);
    const res = await smiBench(
      [
        'phase2-targeted-run',
        ...['--corpus-root', CORPUS_DIR, '--base-manifest', c.manifest, '--out-dir', outDir],
        ...['--signal-out', join(outDir, 'signal.txt'), '--log-dir', logDir, '--no-progress'],
        ...['--dotenv', join(work, 'none.env')],
      ],
      {
        TEMPORAL_ADDRESS: temporalAddress(),
        TEMPORAL_NAMESPACE: TEST_NAMESPACES.refusedInput,
        SMI_MODEL: 'stub',
        SMI_API_KEY: 'sk-refused',
        SMI_API_BASE_URL: 'http://127.0.0.1:9/v1',
      },
    );
    expect(res.exitCode, String(res.stderr)).toBe(2);
    expect(String(res.stderr).trimEnd().split('\n')).toEqual([c.error]);
    expect(res.stdout).toBe('');
    expect(existsSync(outDir)).toBe(false);
    expect(existsSync(logDir)).toBe(false);
    // No pipeline, no run: the namespace holds no workflow at all.
    expect((await workflowsIn(TEST_NAMESPACES.refusedInput, 'none')).listed).toBe(0);
  });
});

// Bad flags of the set and leaderboard commands: commander's one line (no usage text), exit status 2.
const setConfig = file(
  'set.yaml',
  [
    'name: refused',
    `corpus_root: ${CORPUS_DIR}`,
    'log_dir: set-logs',
    'models:',
    '  - { name: m, model: m, base_url: "http://127.0.0.1:9/v1", api_key_env: SOME_KEY }',
    'phases:',
    '  - phase: phase1',
    '',
  ].join('\n'),
);
const FLAG_CASES: { name: string; args: string[]; error: string }[] = [
  {
    name: 'eval-set: an unknown flag',
    args: ['eval-set', setConfig, '--max-cost', '5'],
    error: "error: unknown option '--max-cost'",
  },
  {
    name: 'eval-set: a cap that is not a number',
    args: ['eval-set', setConfig, '--max-cost-usd', 'lots'],
    error: `error: option '--max-cost-usd <usd>' argument 'lots' is invalid. expected a positive number, got "lots"`,
  },
  {
    name: 'eval-set: no config',
    args: ['eval-set', '--detach'],
    error: "error: missing required argument 'config'",
  },
  {
    name: 'compare: an unknown format',
    args: ['compare', 'run-a', 'run-b', '--format', 'nope', '--log-dir', join(work, 'compare-logs')],
    error:
      "error: option '--format <format>' argument 'nope' is invalid. Allowed choices are table, tsv, csv, md, json.",
  },
  {
    name: 'resume: a cap that is not a number',
    args: ['resume', 'some-run', '--max-cost-usd', 'abc'],
    error: `error: option '--max-cost-usd <usd>' argument 'abc' is invalid. expected a positive number, got "abc"`,
  },
];

async function expectFlagRefused(c: (typeof FLAG_CASES)[number], env: Record<string, string>) {
  const res = await smiBench(c.args, env);
  expect(res.exitCode, String(res.stderr)).toBe(2);
  expect(String(res.stderr).trimEnd().split('\n')).toEqual([c.error]);
  expect(res.stdout).toBe('');
  expect(existsSync(join(work, 'set-logs'))).toBe(false);
  expect(existsSync(join(work, 'compare-logs'))).toBe(false);
}

describe('bad flags are refused before anything starts', () => {
  it.each(FLAG_CASES)('$name (shared server)', async (c) => {
    const env = { TEMPORAL_ADDRESS: temporalAddress(), TEMPORAL_NAMESPACE: TEST_NAMESPACES.refusedInput };
    await expectFlagRefused(c, env);
    expect(await workflowsIn(TEST_NAMESPACES.refusedInput, 'smi/set/refused')).toEqual({
      listed: 0,
      found: false,
    });
  });

  it.each(FLAG_CASES.map((c, i) => ({ ...c, i })))('$name (no server yet)', async (c) => {
    const home = join(work, `flag-home-${c.i}`);
    const ports = await ownServerPorts();
    await expectFlagRefused(c, { SMI_HOME: home, ...ports });
    expect(existsSync(home)).toBe(false);
    expect(await isPortOpen('127.0.0.1', Number(ports.SMI_TEMPORAL_PORT))).toBe(false);
  });
});
