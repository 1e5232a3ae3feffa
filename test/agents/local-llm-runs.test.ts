// `phase1`, `phase2` (local simulation) and `helper` with `--agent local-llm` on the shared corpus, as a user
// runs them: the built command, its own Temporal dev server, the real SmolLM2-135M in the worker, nothing
// from the network. Every row ends with the model's parsed answer or the recorded reason it has none.
// The framework's struct lists are several times the model's context: Phase I fits them, and says so, for
// every package of the corpus and of ../shared/mainnet alike (one run of all 21, about 5 minutes).
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCAL_MODEL_PATH } from '../../src/agents/local-model-file.js';
import { ownServerPorts, smiBench } from '../support/cli.js';
import { CORPUS_DIR, PROJECT_ROOT, SHARED_PACKAGE_DIRS } from '../support/paths.js';
import { PINNED_MODEL_SHA256, withoutLocalModel } from '../support/local-model.js';
import { linkedSharedRoot, mainnetPackages } from '../support/mainnet-roots.js';
import { skipUnlessCi } from '../support/required-in-ci.js';
import { WHEEL_AVAILABLE, wheelExtract } from '../move/support/wheel.js';

interface PackageLine {
  package_id: string;
  error: string | null;
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number; cost_usd?: number };
}

/** `ids`: only these packages of the corpus; `env`: the command's extra environment; `root`: another corpus. */
async function runLocal(
  command: string,
  extra: string[],
  only: { ids?: string[]; env?: Record<string, string>; root?: string; timeoutMs?: number } = {},
) {
  const home = mkdtempSync(join(tmpdir(), 'smi-local-llm-'));
  const runId = `${command}-local`;
  const idsFile = join(home, 'ids.txt');
  if (only.ids) writeFileSync(idsFile, only.ids.join('\n') + '\n');
  const result = await smiBench(
    [command, '--agent', 'local-llm', '--corpus-root', only.root ?? CORPUS_DIR, '--samples', '0']
      .concat(['--log-dir', join(home, 'logs'), '--run-id', runId, '--no-progress'])
      .concat(only.ids ? ['--package-ids-file', idsFile] : [])
      .concat(extra),
    { SMI_HOME: join(home, '.smi-bench'), ...(await ownServerPorts()), ...only.env },
    PROJECT_ROOT,
    // Prompts fitted to the whole context take a minute each on a busy 2-core machine.
    { timeoutMs: only.timeoutMs ?? 630_000 },
  );
  expect(result.exitCode, String(result.stderr)).toBe(0);
  const runDir = join(home, 'logs', runId);
  const lines = readFileSync(join(runDir, 'packages.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as PackageLine & Record<string, unknown>);
  const metadata = JSON.parse(readFileSync(join(runDir, 'run_metadata.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  return { lines, metadata, runDir, stderr: String(result.stderr) };
}

interface FittedLine extends PackageLine {
  prompt_truncation?: {
    unit: string;
    shown_before: number;
    shown: number;
    prompt_tokens_before: number;
    room_tokens: number;
  };
}

interface Phase1Line extends FittedLine {
  max_structs_used: number;
  predicted_key_types_list: string[];
  truth_key_types_list: string[];
}

/** A package's structs in the upstream extractor's order (the wheel's), and those with `key`. */
async function wheelStructs(packageDir: string): Promise<{ all: string[]; keys: string[] }> {
  const modules = Object.entries((await wheelExtract(packageDir)).modules).flatMap(([module, m]) =>
    Object.entries(m.structs).map(([struct, s]) => ({
      name: `${String(m['address'])}::${module}::${struct}`,
      key: (s['abilities'] as string[]).includes('key'),
    })),
  );
  return { all: modules.map((s) => s.name), keys: modules.filter((s) => s.key).map((s) => s.name) };
}

/** `0xADDR::module::Struct` of a package's structs, in the order of its interface as upstream extracted it. */
function structsInOrder(packageId: string): string[] {
  const iface = JSON.parse(
    readFileSync(join(PROJECT_ROOT, 'test', 'fixtures', 'interface', `${packageId}.json`), 'utf8'),
  ) as {
    modules: Record<string, { address: string; structs: Record<string, unknown> }>;
  };
  return Object.entries(iface.modules).flatMap(([module, { address, structs }]) =>
    Object.keys(structs).map((struct) => `${address}::${module}::${struct}`),
  );
}

/** Each package once; each with the model's answer (tokens spent, no error) or the reason it has none. */
function expectEveryRowAccounted(lines: PackageLine[]): void {
  expect(lines.map((l) => l.package_id).sort()).toEqual(Object.keys(SHARED_PACKAGE_DIRS).sort());
  for (const line of lines) {
    if (line.error === null) expect(line.usage!.total_tokens, line.package_id).toBeGreaterThan(0);
    else expect(line.error.length, line.package_id).toBeGreaterThan(10);
  }
  const answered = lines.filter((l) => (l.usage?.completion_tokens ?? 0) > 0);
  expect(answered.length).toBeGreaterThan(0);
  for (const line of answered) expect(line.usage!.cost_usd).toBe(0);
}

function expectModelIdentity(metadata: Record<string, unknown>): void {
  expect(metadata['model']).toBe('SmolLM2-135M-Instruct.Q4_1.gguf');
  expect(metadata['model_file']).toEqual({
    file_name: 'SmolLM2-135M-Instruct.Q4_1.gguf',
    size_bytes: statSync(DEFAULT_LOCAL_MODEL_PATH).size,
    sha256: PINNED_MODEL_SHA256,
  });
}

describe.skipIf(withoutLocalModel)('--agent local-llm runs', () => {
  it(
    'phase1 on 0x2 and 0x3: struct lists several contexts long fitted, every name predicted one the prompt shows',
    { timeout: 540_000 },
    async () => {
      const framework = ['0x2', '0x3'].map((short) => `0x${short.slice(2).padStart(64, '0')}`);
      // A short answer budget keeps the test quick; the prompt then has 4096 - 64 tokens of room.
      const { metadata, runDir, stderr } = await runLocal('phase1', ['--include-type-lists'], {
        ids: framework,
        env: { SMI_LOCAL_LLM_MAX_TOKENS: '64' },
      });
      // The result's rows carry the type lists (packages.jsonl never does).
      const lines = (
        JSON.parse(readFileSync(join(runDir, 'result.json'), 'utf8')) as { packages: Phase1Line[] }
      ).packages;
      expectModelIdentity(metadata);
      expect(stderr).toContain('run in-process by the llm workers');
      expect(lines.map((l) => l.package_id).sort()).toEqual(framework);
      for (const line of lines) {
        // Not lost to length: no error about the context, and the prompt sent fits it.
        expect(line.error ?? '', line.package_id).not.toMatch(/context/);
        expect(line.usage!.prompt_tokens).toBeLessThanOrEqual(4096 - 64);
        const cut = line.prompt_truncation!;
        expect(cut.unit).toBe('structs');
        expect(cut.room_tokens).toBe(4096 - 64);
        expect(cut.prompt_tokens_before).toBeGreaterThan(4096);
        expect(cut.shown).toBeLessThan(cut.shown_before);
        expect(line.max_structs_used).toBe(cut.shown);
        // Every name predicted is one of the structs the prompt showed, fully qualified: the first
        // `shown` of the package as upstream's extractor lists them.
        const shown = structsInOrder(line.package_id).slice(0, cut.shown);
        expect(cut.shown_before).toBe(structsInOrder(line.package_id).length);
        for (const name of line.predicted_key_types_list) expect(shown).toContain(name);
      }
    },
  );

  it.skipIf(skipUnlessCi(WHEEL_AVAILABLE))(
    'phase1 on every package of the corpus and mainnet: none lost to length, every name one its prompt shows',
    { timeout: 900_000 },
    async () => {
      const root = linkedSharedRoot();
      const ids = Object.keys(SHARED_PACKAGE_DIRS).concat(mainnetPackages().map((p) => p.id));
      // 200 tokens of answer leave room for a few names; the prompt then has 4096 - 200 tokens.
      const { runDir } = await runLocal('phase1', ['--include-type-lists'], {
        root,
        env: { SMI_LOCAL_LLM_MAX_TOKENS: '200' },
        timeoutMs: 840_000,
      });
      const lines = (
        JSON.parse(readFileSync(join(runDir, 'result.json'), 'utf8')) as { packages: Phase1Line[] }
      ).packages;
      expect(lines.map((l) => l.package_id).sort()).toEqual([...ids].sort());
      const figures = { fitted: 0, predicted: 0 };
      for (const line of lines) {
        const id = line.package_id;
        expect(line.error ?? '', id).not.toMatch(/context|length|ModelContextExceeded/i);
        expect(line.usage!.prompt_tokens, id).toBeLessThanOrEqual(4096 - 200);
        // The truth, read from the bytecode by upstream's extractor, not by the code under test.
        const structs = await wheelStructs(join(root, id.slice(0, 4), id.slice(4)));
        expect([...line.truth_key_types_list].sort(), id).toEqual([...structs.keys].sort());
        const cut = line.prompt_truncation;
        if (cut) figures.fitted++;
        // Fitting keeps the first `shown` structs of the interface; unfitted prompts show them all.
        const shown = structs.all.slice(0, cut ? cut.shown : structs.all.length);
        expect(cut?.shown_before ?? structs.all.length, id).toBe(structs.all.length);
        for (const name of line.predicted_key_types_list) {
          expect(name, id).toMatch(/^0x[0-9a-f]{64}::\w+::\w+$/);
          expect(shown, id).toContain(name);
          figures.predicted++;
        }
      }
      console.log(
        `phase1 local-llm: ${lines.length} packages, ${figures.fitted} fitted, ${figures.predicted} names`,
      );
    },
  );

  it(
    'phase2 with local simulation: every package planned or its reason recorded, none lost to length',
    { timeout: 720_000 },
    async () => {
      // Every planning prompt of the framework is longer than the context (0x3's by far; 0x2's even with
      // no function, for its 65 targets): each is fitted and evaluated whole, so the test asks once per
      // package, for a short answer.
      const { lines, metadata } = await runLocal(
        'phase2',
        ['--simulation-mode', 'local', '--max-plan-attempts', '1', '--max-planning-calls', '1'],
        { env: { SMI_LOCAL_LLM_MAX_TOKENS: '64' } },
      );
      expectEveryRowAccounted(lines);
      expectModelIdentity(metadata);
      for (const line of lines) expect(line.error ?? '', line.package_id).not.toMatch(/context/);
      const system = lines.find((l) => l.package_id.endsWith('0003')) as FittedLine | undefined;
      expect(system?.prompt_truncation?.unit).toBe('functions');
    },
  );

  it('helper: every package answered or its reason recorded', { timeout: 270_000 }, async () => {
    const { lines, metadata } = await runLocal('helper', ['--max-attempts', '1']);
    expectEveryRowAccounted(lines);
    expectModelIdentity(metadata);
  });
});
