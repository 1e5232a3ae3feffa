// `external`: upstream's `smi_tx_sim` binary, run once per simulation with its exact command line
// (rust-contracts §3.1, harness §8.4): the spec on stdin, camelCase JSON on stdout, and on failure a
// non-zero exit with the reason on stderr.
import { access, constants } from 'node:fs/promises';
import { delimiter, join, sep } from 'node:path';
import { execa } from 'execa';
import { dryRunWithFallback, singleOutcome, type Attempt, type Simulator } from './attempts.js';
import { classifyExecution } from './dry-run-response.js';
import { safeJsonLoads } from '../core/json-extract.js';
import { describeError, rejected, SimulationError } from './errors.js';
import { typeNameSet } from './type-names.js';
import type {
  ExternalSubMode,
  ModeUsed,
  SimulationBackend,
  SimulationOutcome,
  SimulationRequest,
} from './types.js';

const DEFAULT_EXTERNAL_TIMEOUT_MS = 120_000;
const STDERR_LIMIT = 500;
const MODES_USED: readonly string[] = ['dry_run', 'dev_inspect', 'build_only'];

/** The binary's arguments for one run. Optional flags only when they have a value, as upstream. */
function txSimArgs(request: SimulationRequest, mode: ExternalSubMode, gasBudget: number | null): string[] {
  const args: string[] = [];
  if (request.rpcUrl) args.push('--rpc-url', request.rpcUrl);
  args.push('--sender', request.sender, '--mode', mode, '--ptb-spec', '-');
  if (gasBudget !== null) args.push('--gas-budget', String(gasBudget));
  if (request.gasCoin) args.push('--gas-coin', request.gasCoin);
  if (request.packageDir) args.push('--bytecode-package-dir', request.packageDir);
  return args;
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item !== '') : [];

/** The binary's JSON answer as an Attempt. @throws SimulationError (rejected) on malformed output */
function parseTxSimOutput(stdout: string, gasBudget: number | null): Attempt {
  let data: unknown;
  try {
    // Like upstream, log lines around the JSON are tolerated.
    data = safeJsonLoads(stdout, 'smi_tx_sim output');
  } catch (error) {
    throw rejected(`smi_tx_sim returned invalid JSON: ${describeError(error)}`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw rejected(`smi_tx_sim returned non-object JSON: ${JSON.stringify(stdout.slice(0, 200))}`);
  }
  const out = data as Record<string, unknown>;
  if (typeof out.modeUsed !== 'string' || !MODES_USED.includes(out.modeUsed)) {
    throw rejected(`smi_tx_sim output has no known modeUsed: ${JSON.stringify(out.modeUsed)}`);
  }
  const modeUsed = out.modeUsed as ModeUsed;
  const executed = modeUsed === 'dry_run' ? out.dryRun : modeUsed === 'dev_inspect' ? out.devInspect : null;
  const verdict = executed == null ? { execOk: null, failure: null } : classifyExecution(executed);
  const bcs = out.programmableTransactionBcsBase64;
  return {
    modeUsed,
    gasBudget: modeUsed === 'dry_run' ? gasBudget : null,
    ...verdict,
    // The binary credits static types in dev-inspect even when the run aborted; we do not.
    createdTypes: verdict.execOk === false ? [] : typeNameSet(strings(out.createdObjectTypes)),
    staticCreatedTypes: typeNameSet(strings(out.staticCreatedObjectTypes)),
    bcsBase64: typeof bcs === 'string' ? bcs : null,
  };
}

async function runTxSim(
  request: SimulationRequest,
  mode: ExternalSubMode,
  gasBudget: number | null,
  signal?: AbortSignal,
): Promise<Attempt> {
  const bin = request.externalBin;
  if (!bin) throw rejected('simulation mode external needs the path of the smi_tx_sim binary');
  const timeoutMs = request.timeoutMs ?? DEFAULT_EXTERNAL_TIMEOUT_MS;
  const result = await execa(bin, txSimArgs(request, mode, gasBudget), {
    input: JSON.stringify(request.spec),
    timeout: timeoutMs,
    cancelSignal: signal,
    forceKillAfterDelay: 2000,
    reject: false,
    stripFinalNewline: false,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.isCanceled) throw signal?.reason ?? new SimulationError('timeout', 'smi_tx_sim was cancelled');
  if (result.timedOut)
    throw new SimulationError('timeout', `smi_tx_sim did not finish within ${timeoutMs} ms`);
  if (result.failed && result.exitCode === undefined) {
    // It never ran (not found, not executable) or died by a signal.
    const reason = result.signal ? `was killed by ${result.signal}` : `could not run: ${result.shortMessage}`;
    throw rejected(`smi_tx_sim at ${bin} ${reason}`);
  }
  if (result.exitCode !== 0) {
    const stderr = String(result.stderr).trim().slice(0, STDERR_LIMIT);
    throw rejected(`smi_tx_sim exited with status ${result.exitCode}: ${stderr}`);
  }
  return parseTxSimOutput(String(result.stdout), gasBudget);
}

async function simulateExternal(
  request: SimulationRequest,
  signal?: AbortSignal,
): Promise<SimulationOutcome> {
  const mode = request.externalMode ?? 'dry-run';
  const simulator: Simulator = {
    dryRun: (gasBudget) => runTxSim(request, 'dry-run', gasBudget, signal),
    devInspect: () => runTxSim(request, 'dev-inspect', null, signal),
  };
  if (mode === 'dry-run') return dryRunWithFallback(simulator, request, signal);
  if (mode === 'dev-inspect') return singleOutcome(await simulator.devInspect());
  return singleOutcome(await runTxSim(request, 'build-only', null, signal));
}

/** Where a command name resolves: itself when it is a path, else the first match on PATH. */
async function findExecutable(bin: string): Promise<string | null> {
  const candidates =
    bin.includes(sep) || bin.includes('/')
      ? [bin]
      : (process.env.PATH ?? '')
          .split(delimiter)
          .filter(Boolean)
          .map((dir) => join(dir, bin));
  for (const candidate of candidates) {
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here; try the next one
    }
  }
  return null;
}

export const externalBackend: SimulationBackend = {
  simulate: simulateExternal,
  async preflight(request) {
    const bin = request.externalBin;
    if (!bin) throw rejected('simulation mode external needs the path of the smi_tx_sim binary');
    const found = await findExecutable(bin);
    if (!found) throw rejected(`smi_tx_sim binary ${bin} is missing or not executable`);
    return { mode: 'external', checked: [`${found} is executable`], chainId: null };
  },
};
