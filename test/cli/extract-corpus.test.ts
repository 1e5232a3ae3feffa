// `smi-bench extract --bytecode-corpus-root`: the extractor's corpus mode over the shared corpus, with every
// count checked against the sui-sandbox wheel's interfaces (the upstream extractor), the RPC comparison
// against a JSON-RPC server on 127.0.0.1, and broken input.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InterfaceJson } from '../../src/core/types.js';
import { smiBench } from '../support/cli.js';
import { TEST_NAMESPACES } from '../support/namespaces.js';
import { startTestWorkers, temporalAddress } from '../support/temporal.js';
import type { RunningWorkers } from '../../src/worker.js';
import { makeBadCorpus, BAD_CORPUS_IDS } from '../support/bad-corpus.js';
import { CORPUS_DIR } from '../support/paths.js';
import { skipUnlessCi } from '../support/required-in-ci.js';
import { projectWheelInterface, wheelExtract, WHEEL_AVAILABLE } from '../move/support/wheel.js';
import { normalizedModules } from '../support/fullnode.js';
import { extractPackageInterface } from '../../src/move/index.js';

const work = mkdtempSync(join(tmpdir(), 'smi-corpus-mode-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const FRAMEWORK = '0x0000000000000000000000000000000000000000000000000000000000000002';
const WRAPPER = '0x358e10b333ce6563f40fdf46f95d020aa6f8e221d4299a2d9b2592968a7da467';

type Row = Record<string, unknown> & {
  package_id: string;
  local: Record<string, number>;
  error: string | null;
};
const jsonl = (file: string) =>
  readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Row);

/** The shared corpus with a bcs.json beside each package, as sui-packages has: moduleMap from the .mv files. */
function corpusWithBcs(): string {
  const root = join(work, 'corpus');
  cpSync(CORPUS_DIR, root, { recursive: true });
  for (const prefix of readdirSync(root))
    for (const pkg of readdirSync(join(root, prefix))) {
      const dir = join(root, prefix, pkg);
      const moduleMap: Record<string, string> = {};
      for (const file of readdirSync(join(dir, 'bytecode_modules')))
        moduleMap[basename(file, '.mv')] = readFileSync(join(dir, 'bytecode_modules', file)).toString(
          'base64',
        );
      writeFileSync(join(dir, 'bcs.json'), JSON.stringify({ moduleMap, typeOriginTable: [] }));
    }
  return root;
}

/** Counts of an interface, derived here by hand from the wheel's JSON. */
function countsOf(iface: InterfaceJson) {
  const fns = Object.values(iface.modules).flatMap((m) => Object.values(m.functions));
  const structs = Object.values(iface.modules).flatMap((m) => Object.values(m.structs));
  const by = (pred: (f: (typeof fns)[number]) => boolean) => fns.filter(pred).length;
  return {
    modules: iface.module_names.length,
    structs: structs.length,
    functions_total: fns.length,
    functions_public: by((f) => f.visibility === 'public'),
    functions_friend: by((f) => f.visibility === 'friend'),
    functions_private: by((f) => f.visibility === 'private'),
    functions_native: by((f) => f.is_native),
    entry_functions: by((f) => f.is_entry),
    public_entry_functions: by((f) => f.is_entry && f.visibility === 'public'),
    friend_entry_functions: by((f) => f.is_entry && f.visibility === 'friend'),
    private_entry_functions: by((f) => f.is_entry && f.visibility === 'private'),
    key_structs: structs.filter((s) => s.abilities.includes('key')).length,
  };
}

const wheelInterfaces = new Map<string, InterfaceJson>();
let root: string;
let workers: RunningWorkers;
const env = () => ({
  TEMPORAL_ADDRESS: temporalAddress(),
  TEMPORAL_NAMESPACE: TEST_NAMESPACES.extractCorpus,
});
/** The command against the test server, whose workers this file runs. */
const extract = (args: string[]) => smiBench(['extract', ...args], env());

afterAll(async () => workers?.shutdown());

beforeAll(async () => {
  root = corpusWithBcs();
  workers = await startTestWorkers(TEST_NAMESPACES.extractCorpus);
  if (!WHEEL_AVAILABLE) return;
  for (const prefix of readdirSync(CORPUS_DIR))
    for (const pkg of readdirSync(join(CORPUS_DIR, prefix))) {
      const iface = projectWheelInterface(await wheelExtract(join(CORPUS_DIR, prefix, pkg)), false);
      wheelInterfaces.set(iface.package_id, iface);
    }
}, 120_000);

describe('corpus mode, local', () => {
  it.skipIf(skipUnlessCi(WHEEL_AVAILABLE))(
    'counts every package as the upstream extractor reads it',
    async () => {
      const out = join(work, 'local');
      const run = await extract(['--bytecode-corpus-root', root, '--out-dir', out]);
      expect(run.exitCode, String(run.stderr)).toBe(0);
      expect(String(run.stderr)).toMatch(/corpus done: total=4 local_ok=4 problems=0/);
      const rows = jsonl(join(out, 'corpus_report.jsonl'));
      expect(rows.map((r) => r.package_id)).toEqual([...wheelInterfaces.keys()].sort());
      for (const row of rows) {
        expect(row.local).toEqual(countsOf(wheelInterfaces.get(row.package_id)!));
        expect(row.error).toBeNull();
        expect(Object.keys(row)).toEqual([
          'package_id',
          'package_dir',
          'local',
          'local_vs_bcs',
          'local_bytes_check',
          'local_bytes_check_error',
          'rpc',
          'rpc_vs_local',
          'interface_compare',
          'interface_compare_sample',
          'error',
        ]);
      }
      expect(readFileSync(join(out, 'problems.jsonl'), 'utf8')).toBe('');
      expect(jsonl(join(out, 'index.jsonl'))).toHaveLength(4);
      const summary = JSON.parse(readFileSync(join(out, 'corpus_summary.json'), 'utf8')) as Record<
        string,
        unknown
      >;
      expect(Object.keys(summary).slice(0, 3)).toEqual(['total', 'local_ok', 'local_vs_bcs_module_match']);
      expect(summary).toMatchObject({
        total: 4,
        local_ok: 4,
        local_vs_bcs_module_match: 4,
        problems: 0,
        sample_ids: null,
      });
      const meta = JSON.parse(readFileSync(join(out, 'run_metadata.json'), 'utf8')) as Record<
        string,
        unknown
      >;
      expect(Object.keys(meta)).toEqual([
        'started_at_unix_seconds',
        'finished_at_unix_seconds',
        'argv',
        'rpc_url',
        'bytecode_corpus_root',
        'sui_packages_git',
      ]);
    },
  );

  it('finds modules whose bytes differ from bcs.json, and a module bcs.json lacks', async () => {
    const changed = join(work, 'changed');
    cpSync(root, changed, { recursive: true });
    const dir = join(changed, '0x35', WRAPPER.slice(4));
    const bcs = JSON.parse(readFileSync(join(dir, 'bcs.json'), 'utf8')) as {
      moduleMap: Record<string, string>;
    };
    const [first] = Object.keys(bcs.moduleMap).sort();
    const bytes = Buffer.from(bcs.moduleMap[first!]!, 'base64');
    bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 0xff;
    bcs.moduleMap[first!] = bytes.toString('base64');
    bcs.moduleMap['ghost'] = Buffer.from([1, 2, 3]).toString('base64');
    writeFileSync(join(dir, 'bcs.json'), JSON.stringify(bcs));
    const out = join(work, 'changed-out');
    const run = await extract([
      '--bytecode-corpus-root',
      changed,
      '--out-dir',
      out,
      '--corpus-local-bytes-check',
    ]);
    expect(run.exitCode, String(run.stderr)).toBe(0);
    const problems = jsonl(join(out, 'problems.jsonl'));
    expect(problems.map((r) => r.package_id)).toEqual([WRAPPER]);
    const row = problems[0]!;
    expect(row.local_vs_bcs).toMatchObject({ missing_in_right: [], extra_in_right: ['ghost'] });
    const check = row.local_bytes_check as Record<string, unknown> & {
      mismatches_sample: Record<string, unknown>[];
    };
    expect(check.mismatches_total).toBe(2);
    expect(check.missing_in_mv).toEqual(['ghost']);
    expect(check.mismatches_sample.map((m) => [m.module, m.reason])).toEqual([
      [first, 'sha256_mismatch'],
      ['ghost', 'missing_in_mv'],
    ]);
    const summary = JSON.parse(readFileSync(join(out, 'corpus_summary.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(summary).toMatchObject({
      local_bytes_ok: 3,
      local_bytes_mismatch_packages: 1,
      local_bytes_mismatches_total: 2,
      problems: 1,
    });
  });

  it('samples with the textbook FNV-1a offset, as the extractor does', async () => {
    // FNV-1a 64 written out here: offset 0xcbf29ce484222325 XOR seed, then XOR byte and multiply per byte.
    const fnv = (seed: bigint, s: string) => {
      let h = 0xcbf29ce484222325n ^ seed;
      for (const b of Buffer.from(s, 'utf8')) h = ((h ^ BigInt(b)) * 0x100000001b3n) & 0xffffffffffffffffn;
      return h;
    };
    const out = join(work, 'sample');
    const run = await extract([
      '--bytecode-corpus-root',
      root,
      '--out-dir',
      out,
      '--corpus-sample',
      '2',
      '--corpus-seed',
      '7',
    ]);
    expect(run.exitCode, String(run.stderr)).toBe(0);
    const ids = [...jsonl(join(out, 'index.jsonl')).map((r) => r.package_id)];
    const expected = ids
      .map((id) => ({ id, h: fnv(7n, id) }))
      .sort((a, b) => (a.h < b.h ? -1 : a.h > b.h ? 1 : a.id < b.id ? -1 : 1))
      .slice(0, 2)
      .map((x) => x.id)
      .sort();
    expect(readFileSync(join(out, 'sample_ids.txt'), 'utf8')).toBe(expected.map((id) => `${id}\n`).join(''));
    expect(jsonl(join(out, 'corpus_report.jsonl')).map((r) => r.package_id)).toEqual(expected);
  });

  it('keeps the package id of a package that cannot be read', async () => {
    const bad = await makeBadCorpus();
    const out = join(work, 'bad');
    const run = await extract([
      '--bytecode-corpus-root',
      bad.root,
      '--out-dir',
      out,
      '--corpus-module-names-only',
    ]);
    expect(run.exitCode, String(run.stderr)).toBe(0);
    const names = jsonl(join(out, 'corpus_report.jsonl'));
    expect(names.find((r) => r.package_id === BAD_CORPUS_IDS.good)!.local.modules).toBeGreaterThan(0);
    const out2 = join(work, 'bad-full');
    await extract(['--bytecode-corpus-root', bad.root, '--out-dir', out2]);
    const rows = jsonl(join(out2, 'corpus_report.jsonl'));
    const corrupt = rows.find((r) => r.package_id === BAD_CORPUS_IDS.corruptModule)!;
    expect(corrupt.error).toMatch(/^local analysis failed: /);
    expect(corrupt.local.modules).toBe(0);
    const empty = rows.find((r) => r.package_id === BAD_CORPUS_IDS.emptyModules)!;
    expect(empty.error).toMatch(/^local analysis failed: /);
    // Folders without a usable metadata.json have no id: they are named on stderr, not lost silently.
    expect(
      String((await extract(['--bytecode-corpus-root', bad.root, '--out-dir', join(work, 'bad3')])).stderr),
    ).toMatch(/skipped .*: .*metadata\.json/);
  });

  it('refuses what the extractor refuses, in one line', async () => {
    const cases: [string[], string][] = [
      [['--bytecode-corpus-root', root], 'error: corpus mode needs --out-dir'],
      [
        ['--bytecode-corpus-root', root, '--out-dir', work, '--corpus-interface-compare'],
        'error: --corpus-interface-compare requires --corpus-rpc-compare',
      ],
      [
        [
          '--bytecode-corpus-root',
          root,
          '--out-dir',
          work,
          '--corpus-module-names-only',
          '--corpus-rpc-compare',
        ],
        'error: --corpus-module-names-only cannot be combined with --corpus-rpc-compare or --corpus-interface-compare',
      ],
      [
        ['--bytecode-corpus-root', join(work, 'nowhere'), '--out-dir', work],
        `error: corpus root not found: ${join(work, 'nowhere')}`,
      ],
      [
        ['--out', 'x'],
        'error: extract needs --bytecode-package-dir DIR (one package) or --bytecode-corpus-root DIR --out-dir DIR (a corpus)',
      ],
    ];
    for (const [args, message] of cases) {
      const run = await extract([...args]);
      expect(run.exitCode, message).toBe(2);
      expect(String(run.stderr).trim()).toBe(message);
    }
    const ids = join(work, 'unknown-ids.txt');
    writeFileSync(ids, '# none of these\n0xdead\n');
    const none = await extract([
      '--bytecode-corpus-root',
      root,
      '--out-dir',
      join(work, 'x'),
      '--corpus-ids-file',
      ids,
    ]);
    expect(none.exitCode).toBe(2);
    expect(String(none.stderr)).toContain(`error: none of the ids of ${ids} is in the corpus`);
  });
});

describe('corpus mode, against a fullnode on 127.0.0.1', () => {
  let server: Server;
  let url: string;
  const calls: string[] = [];
  let refuseNext = 1;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const request = JSON.parse(body) as { id: number; method: string; params: [string] };
        calls.push(`${request.method} ${request.params[0]}`);
        if (refuseNext > 0) {
          refuseNext--;
          res.writeHead(429).end('Too Many Requests');
          return;
        }
        const iface = wheelInterfaces.get(request.params[0])!;
        const modules = normalizedModules(iface) as Record<
          string,
          { structs: Record<string, { abilities: { abilities: string[] } }> }
        >;
        // One deliberate difference: the fullnode says Coin has no `store`.
        if (iface.package_id === FRAMEWORK) modules['coin']!.structs['Coin']!.abilities.abilities = ['Key'];
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ jsonrpc: '2.0', id: request.id, result: modules }));
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  it.skipIf(skipUnlessCi(WHEEL_AVAILABLE))('compares counts and interfaces, retrying a 429', async () => {
    const out = join(work, 'rpc');
    const run = await extract([
      '--bytecode-corpus-root',
      root,
      '--out-dir',
      out,
      '--corpus-rpc-compare',
      '--corpus-interface-compare',
      '--corpus-interface-compare-include-values',
      '--rpc-protocol',
      'json-rpc',
      '--rpc-url',
      url,
      '--retry-initial-ms',
      '10',
      '--concurrency',
      '1',
    ]);
    expect(run.exitCode, String(run.stderr)).toBe(0);
    expect(calls).toHaveLength(5);
    const rows = jsonl(join(out, 'corpus_report.jsonl'));
    for (const row of rows) {
      const local = countsOf(wheelInterfaces.get(row.package_id)!);
      expect(row.rpc).toEqual({
        modules: local.modules,
        structs: local.structs,
        functions: local.functions_public + local.functions_friend + local.private_entry_functions,
        key_structs: local.key_structs,
      });
      expect(row.rpc_vs_local).toMatchObject({ missing_in_right: [], extra_in_right: [] });
    }
    const framework = rows.find((r) => r.package_id === FRAMEWORK)!;
    expect(framework.interface_compare).toMatchObject({
      struct_mismatches: 1,
      function_mismatches: 0,
      mismatches_total: 1,
    });
    expect(framework.interface_compare_sample).toEqual([
      {
        path: 'modules/coin/structs/Coin/abilities',
        reason: 'abilities mismatch',
        rpc: ['key'],
        bytecode: ['store', 'key'],
      },
    ]);
    const problems = jsonl(join(out, 'problems.jsonl'));
    expect(problems.map((r) => r.package_id)).toEqual([FRAMEWORK]);
    for (const row of rows.filter((r) => r.package_id !== FRAMEWORK))
      expect((row.interface_compare as { mismatches_total: number }).mismatches_total).toBe(0);
  });
});

describe('corpus mode, against a fullnode that always fails for one package', () => {
  let server: Server;
  let url: string;
  const asked = new Map<string, number>();
  const ours = new Map<string, InterfaceJson>();

  beforeAll(async () => {
    // Our own extractor's interfaces as the fullnode's answers: this test needs no wheel.
    for (const prefix of readdirSync(CORPUS_DIR))
      for (const pkg of readdirSync(join(CORPUS_DIR, prefix))) {
        const iface = await extractPackageInterface(join(CORPUS_DIR, prefix, pkg));
        ours.set(iface.package_id, iface);
      }
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const request = JSON.parse(body) as { id: number; params: [string] };
        const id = request.params[0];
        asked.set(id, (asked.get(id) ?? 0) + 1);
        if (id === WRAPPER) {
          res.writeHead(429).end('Too Many Requests');
          return;
        }
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ jsonrpc: '2.0', id: request.id, result: normalizedModules(ours.get(id)!) }));
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  it('keeps the package id in its row, with the RPC error, after the retries; the others are compared', async () => {
    const out = join(work, 'rpc-fails');
    const run = await extract([
      ...[
        '--bytecode-corpus-root',
        root,
        '--out-dir',
        out,
        '--corpus-rpc-compare',
        '--rpc-protocol',
        'json-rpc',
        '--rpc-url',
        url,
      ],
      ...['--retries', '2', '--retry-initial-ms', '10', '--concurrency', '1', '--no-progress'],
    ]);
    expect(run.exitCode, String(run.stderr)).toBe(0);
    // A 429 is transient: asked once and retried twice, then given up.
    expect(asked.get(WRAPPER)).toBe(3);
    const rows = jsonl(join(out, 'corpus_report.jsonl'));
    expect(rows.map((r) => r.package_id).sort()).toEqual([...ours.keys()].sort());
    const failed = rows.find((r) => r.package_id === WRAPPER)!;
    expect(failed.error).toMatch(/^sui_getNormalizedMoveModulesByPackage failed: .*429/);
    expect(failed.rpc).toBeNull();
    // Its local analysis is still there.
    expect(failed.local.modules).toBe(ours.get(WRAPPER)!.module_names.length);
    for (const row of rows.filter((r) => r.package_id !== WRAPPER)) {
      expect(row.error).toBeNull();
      expect(row.rpc_vs_local).toMatchObject({ missing_in_right: [], extra_in_right: [] });
    }
    expect(jsonl(join(out, 'problems.jsonl')).map((r) => [r.package_id, r.error])).toEqual([
      [WRAPPER, failed.error],
    ]);
    const summary = JSON.parse(readFileSync(join(out, 'corpus_summary.json'), 'utf8')) as object;
    expect(summary).toMatchObject({
      total: 4,
      rpc_enabled: true,
      rpc_ok: 3,
      rpc_module_match: 3,
      problems: 1,
    });
  });
});
