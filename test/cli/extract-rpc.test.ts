// The extractor's single and batch RPC modes (spec/rust-contracts.md §2.2) against a fullnode stub on
// 127.0.0.1 that serves the wrapper_coin package of the shared corpus: its normalized modules (built from
// the sui-sandbox wheel's interface, the upstream extractor) and its package object with the module bytes
// of its .mv files; a package-info object points at it.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InterfaceJson } from '../../src/core/types.js';
import { formatInterfaceJson } from '../../src/move/index.js';
import { projectWheelInterface, wheelExtract, WHEEL_AVAILABLE } from '../move/support/wheel.js';
import { smiBench } from '../support/cli.js';
import { normalizedModules } from '../support/fullnode.js';
import { SHARED_PACKAGE_DIRS } from '../support/paths.js';
import { skipUnlessCi } from '../support/required-in-ci.js';

const WRAPPER = '0x358e10b333ce6563f40fdf46f95d020aa6f8e221d4299a2d9b2592968a7da467';
const INFO = '0x' + 'ab'.repeat(32);
const MISSING = '0x' + 'cd'.repeat(32);
const dir = SHARED_PACKAGE_DIRS[WRAPPER]!;
const work = mkdtempSync(join(tmpdir(), 'smi-extract-rpc-'));
let wheel: InterfaceJson;
let server: Server;
let url: string;

function moduleMap(): Record<string, string> {
  const map: Record<string, string> = {};
  for (const f of readdirSync(join(dir, 'bytecode_modules')))
    map[basename(f, '.mv')] = readFileSync(join(dir, 'bytecode_modules', f)).toString('base64');
  return map;
}

function answer(method: string, params: unknown[]): unknown {
  if (method === 'sui_getNormalizedMoveModulesByPackage') {
    if (params[0] !== WRAPPER) throw Object.assign(new Error('not found'), { code: -32602 });
    return normalizedModules(wheel);
  }
  if (method === 'sui_getObject') {
    if (params[0] === WRAPPER)
      return {
        data: {
          objectId: WRAPPER,
          version: '1',
          digest: 'x',
          bcs: { dataType: 'package', id: WRAPPER, moduleMap: moduleMap() },
        },
      };
    if (params[0] === INFO)
      return {
        data: {
          objectId: INFO,
          version: '1',
          digest: 'y',
          bcs: { dataType: 'moveObject' },
          content: { dataType: 'moveObject', fields: { package_address: WRAPPER } },
        },
      };
    return { error: { code: 'notExists', object_id: params[0] } };
  }
  throw new Error(`unexpected ${method}`);
}

beforeAll(async () => {
  if (WHEEL_AVAILABLE) wheel = projectWheelInterface(await wheelExtract(dir), false);
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const request = JSON.parse(body) as { id: number; method: string; params: unknown[] };
      let reply: unknown;
      try {
        reply = { jsonrpc: '2.0', id: request.id, result: answer(request.method, request.params) };
      } catch (err) {
        reply = { jsonrpc: '2.0', id: request.id, error: { code: -32602, message: (err as Error).message } };
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(() => {
  server?.close();
  rmSync(work, { recursive: true, force: true });
});

const whenWheel = it.skipIf(skipUnlessCi(WHEEL_AVAILABLE));

describe('single RPC mode', () => {
  whenWheel('writes the RPC interface and the on-chain bytecode interface, which match', async () => {
    const rpcJson = join(work, 'rpc.json');
    const bytecodeJson = join(work, 'bytecode.json');
    const report = join(work, 'report.json');
    const run = await smiBench([
      'extract',
      ...[
        '--package-id',
        WRAPPER,
        '--rpc-protocol',
        'json-rpc',
        '--rpc-url',
        url,
        '--emit-json',
        rpcJson,
        '--emit-bytecode-json',
        bytecodeJson,
      ],
      ...['--compare-bytecode-rpc', '--emit-compare-report', report],
    ]);
    expect(run.exitCode, String(run.stderr)).toBe(0);
    const rpc = JSON.parse(readFileSync(rpcJson, 'utf8')) as {
      schema_version: number;
      package_id: string;
      module_names: string[];
    };
    expect(rpc).toMatchObject({ schema_version: 1, package_id: WRAPPER, module_names: wheel.module_names });
    // The on-chain bytes give the upstream extractor's interface, byte for byte.
    expect(readFileSync(bytecodeJson, 'utf8')).toBe(formatInterfaceJson(wheel));
    const compared = JSON.parse(readFileSync(report, 'utf8')) as {
      summary: { mismatches_total: number };
      mismatches: unknown[];
    };
    expect(compared.summary.mismatches_total).toBe(0);
    expect(compared.mismatches).toEqual([]);
  });

  whenWheel('follows a package-info object to its package', async () => {
    const run = await smiBench([
      'extract',
      '--package-id',
      INFO,
      '--rpc-protocol',
      'json-rpc',
      '--rpc-url',
      url,
      '--input-kind',
      'package-info',
    ]);
    expect(run.exitCode, String(run.stderr)).toBe(0);
    expect((JSON.parse(String(run.stdout)) as { package_id: string }).package_id).toBe(WRAPPER);
  });
});

describe('batch RPC mode', () => {
  whenWheel('writes each package and a summary row per id, failures included', async () => {
    const ids = join(work, 'ids.txt');
    writeFileSync(ids, `${WRAPPER}\n${MISSING}\n${INFO}\n`);
    const out = join(work, 'batch');
    const run = await smiBench([
      'extract',
      '--package-ids-file',
      ids,
      '--out-dir',
      out,
      '--rpc-protocol',
      'json-rpc',
      '--rpc-url',
      url,
      '--retries',
      '0',
    ]);
    expect(run.exitCode).toBe(1);
    const rows = readFileSync(join(out, 'summary.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(rows.map((r) => r.input_id)).toEqual([INFO, WRAPPER, MISSING].sort());
    const wrapper = rows.find((r) => r.input_id === WRAPPER)!;
    const fns = Object.values(wheel.modules).flatMap((m) => Object.values(m.functions));
    expect(wrapper).toMatchObject({
      package_id: WRAPPER,
      ok: true,
      resolved_from_package_info: false,
      output_path: join(out, `${WRAPPER}.json`),
      sanity: {
        modules: wheel.module_names.length,
        functions: fns.filter((f) => f.visibility !== 'private' || f.is_entry).length,
      },
      bytecode: { normalized_modules: wheel.module_names.length, missing_in_bcs: [], extra_in_bcs: [] },
    });
    expect(rows.find((r) => r.input_id === INFO)).toMatchObject({
      ok: true,
      package_id: WRAPPER,
      resolved_from_package_info: true,
    });
    const missing = rows.find((r) => r.input_id === MISSING)!;
    expect(missing.ok).toBe(false);
    expect(String(missing.error)).toMatch(/neither a package nor a package-info object/);
  });

  it('needs --out-dir, in one line', async () => {
    const ids = join(work, 'one.txt');
    writeFileSync(ids, `${WRAPPER}\n`);
    const run = await smiBench([
      'extract',
      '--package-ids-file',
      ids,
      '--rpc-protocol',
      'json-rpc',
      '--rpc-url',
      url,
    ]);
    expect(run.exitCode).toBe(2);
    expect(String(run.stderr).trim()).toBe(
      'error: the batch RPC mode (--package-ids-file, --mvr-catalog) needs --out-dir',
    );
  });
});
