// `smi-bench extract --package-id ID` and `--package-ids-file F --out-dir D` without a local package: the
// extractor's single and batch RPC modes (spec/rust-contracts.md §2.2): a package's interface as a fullnode
// normalizes it, its bytecode interface from the on-chain module bytes, and the comparison of the two.
import { mkdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseIdsFile } from '../core/ids-file.js';
import { formatInterfaceJson } from '../move/index.js';
import { compareInterface } from '../corpus-report/interface-compare.js';
import {
  interfaceFromModules,
  onchainModules,
  resolvePackage,
  rpcInterfaceJson,
} from '../corpus-report/onchain-package.js';
import { moduleSetDiff } from '../corpus-report/row.js';
import { nodePackages } from '../corpus-report/node-packages.js';
import type { NodePackages } from '../corpus-report/rpc-modules.js';
import { atomicWriteFile } from '../run-store/atomic-write.js';
import { UsageError } from '../usage-error.js';
import { requireChainOver } from './require-chain.js';
import type { CliIO } from './run-common.js';
import type { RpcProtocol, SuiNetwork } from '../contracts/simulation.js';

export interface ExtractRpcOptions {
  packageId?: string;
  packageIdsFile?: string;
  mvrCatalog?: string;
  inputKind: 'package' | 'package-info' | 'auto';
  emitJson?: string;
  emitBytecodeJson?: string;
  compareBytecodeRpc: boolean;
  emitCompareReport?: string;
  compareMaxMismatches: number;
  outDir?: string;
  rpcUrl: string;
  /** What the node must say it serves (`--network` with `--rpc-url`); null: any. */
  network: SuiNetwork | null;
  rpcProtocol?: RpcProtocol;
  retries: number;
  retryInitialMs: number;
  retryMaxMs: number;
}

const pretty = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

async function writeOut(path: string, text: string, io: CliIO): Promise<void> {
  if (path === '-') process.stdout.write(text);
  else {
    await atomicWriteFile(resolve(path), text);
    io.log(`wrote ${resolve(path)}`);
  }
}

async function single(rpc: NodePackages, opts: ExtractRpcOptions, io: CliIO): Promise<number> {
  const { packageId } = await resolvePackage(rpc, opts.packageId!, opts.inputKind);
  const modules = await rpc.fetch(packageId);
  const wantsBytecode = opts.emitBytecodeJson !== undefined || opts.compareBytecodeRpc;
  const bytecode = wantsBytecode
    ? interfaceFromModules(packageId, await onchainModules(rpc, packageId))
    : null;
  if (opts.emitJson !== undefined || !wantsBytecode)
    await writeOut(opts.emitJson ?? '-', pretty(rpcInterfaceJson(packageId, modules)), io);
  if (opts.emitBytecodeJson !== undefined && bytecode)
    await writeOut(opts.emitBytecodeJson, formatInterfaceJson(bytecode), io);
  if (opts.compareBytecodeRpc && bytecode) {
    const { summary, mismatches } = compareInterface(modules, bytecode, {
      maxMismatches: opts.compareMaxMismatches,
      includeValues: opts.emitCompareReport !== undefined,
    });
    io.log(
      `compare ${packageId}: ${summary.mismatches_total} mismatches over ${summary.modules_compared} modules`,
    );
    if (opts.emitCompareReport !== undefined)
      await writeOut(
        opts.emitCompareReport,
        formatInterfaceJson({ package_id: packageId, summary, mismatches }),
        io,
      );
    return summary.mismatches_total === 0 ? 0 : 1;
  }
  return 0;
}

/** The MVR catalog's mainnet package-info ids (`names[].mainnet_package_info_id`). */
function catalogIds(text: string, file: string): string[] {
  const names = (JSON.parse(text) as { names?: { mainnet_package_info_id?: unknown }[] }).names;
  if (!Array.isArray(names)) throw new UsageError(`${file}: an MVR catalog has a names[] list`);
  return names.map((n) => n.mainnet_package_info_id).filter((id): id is string => typeof id === 'string');
}

async function batchRow(rpc: NodePackages, inputId: string, opts: ExtractRpcOptions, outDir: string) {
  const row = {
    input_id: inputId,
    package_id: null as string | null,
    resolved_from_package_info: false,
    ok: false,
    skipped: false,
    output_path: null as string | null,
    sanity: null as Record<string, number> | null,
    bytecode: null as Record<string, unknown> | null,
    error: null as string | null,
  };
  try {
    const { packageId, fromPackageInfo } = await resolvePackage(rpc, inputId, opts.inputKind);
    row.package_id = packageId;
    row.resolved_from_package_info = fromPackageInfo;
    const modules = await rpc.fetch(packageId);
    const output = join(outDir, `${packageId}.json`);
    await atomicWriteFile(output, pretty(rpcInterfaceJson(packageId, modules)));
    row.output_path = output;
    const structs = Object.values(modules).flatMap((m) => Object.values(m.structs ?? {}));
    row.sanity = {
      modules: Object.keys(modules).length,
      structs: structs.length,
      functions: Object.values(modules).reduce((n, m) => n + Object.keys(m.exposedFunctions ?? {}).length, 0),
      key_structs: structs.filter((s) => s.abilities.abilities.some((a) => a.toLowerCase() === 'key')).length,
    };
    const diff = moduleSetDiff(Object.keys(modules), (await onchainModules(rpc, packageId)).keys());
    row.bytecode = {
      normalized_modules: diff.left_count,
      bcs_modules: diff.right_count,
      missing_in_bcs: diff.missing_in_right,
      extra_in_bcs: diff.extra_in_right,
    };
    row.ok = true;
  } catch (err) {
    row.error = (err as Error).message;
  }
  return row;
}

async function batch(rpc: NodePackages, opts: ExtractRpcOptions, io: CliIO): Promise<number> {
  if (!opts.outDir)
    throw new UsageError('the batch RPC mode (--package-ids-file, --mvr-catalog) needs --out-dir');
  const file = (opts.packageIdsFile ?? opts.mvrCatalog)!;
  const text = await readFile(file, 'utf8').catch(() => {
    throw new UsageError(`cannot read ${file}`);
  });
  const ids = opts.packageIdsFile ? parseIdsFile(text, { dedupe: true }) : catalogIds(text, file);
  const outDir = resolve(opts.outDir);
  await mkdir(outDir, { recursive: true });
  const rows = [];
  for (const id of ids) rows.push(await batchRow(rpc, id, opts, outDir));
  rows.sort((a, b) => (a.input_id < b.input_id ? -1 : a.input_id > b.input_id ? 1 : 0));
  await atomicWriteFile(join(outDir, 'summary.jsonl'), rows.map((r) => `${JSON.stringify(r)}\n`).join(''));
  const failed = rows.filter((r) => !r.ok).length;
  io.log(`batch done: ${rows.length} ids, ${failed} failed, summary ${join(outDir, 'summary.jsonl')}`);
  return failed === 0 ? 0 : 1;
}

export async function runExtractRpc(opts: ExtractRpcOptions, io: CliIO): Promise<number> {
  if (opts.emitCompareReport !== undefined && !opts.compareBytecodeRpc)
    throw new UsageError('--emit-compare-report requires --compare-bytecode-rpc');
  await requireChainOver(opts.rpcProtocol, { url: opts.rpcUrl, network: opts.network });
  const rpc = nodePackages(
    opts.rpcUrl,
    { retries: opts.retries, initialMs: opts.retryInitialMs, maxMs: opts.retryMaxMs },
    opts.rpcProtocol,
  );
  try {
    return opts.packageId !== undefined ? await single(rpc, opts, io) : await batch(rpc, opts, io);
  } catch (err) {
    if (err instanceof UsageError) throw err;
    io.log(`error: ${(err as Error).message}`);
    return 1;
  }
}
