// Doctor checks of what smi-bench itself runs on: Node, the Temporal CLI, the Temporal server the commands
// would use, Sui's compiler, and the oracle wheel the tests compare against.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { Connection } from '@temporalio/client';
import { PROJECT_ROOT } from '../project-root.js';
import { SUI_COMPILER_LABEL, SUI_COMPILER_PACKAGE, SUI_RELEASE } from '../sui-compiler/release.js';
import { processConfig } from '../config/process-config.js';
import { findTemporalBinary } from '../temporal/dev-server.js';
import { namespaceFromEnv } from '../temporal/names.js';
import { isPortOpen } from '../temporal/ports.js';
import { checkIsSmiBenchServer, localServerPorts } from '../temporal/target.js';
import type { Check, CheckResult } from './check.js';

const CONNECT_TIMEOUT_MS = 3000;

export const INSTALL_TEMPORAL = 'bash scripts/install-temporal.sh';
export const INSTALL_ORACLE = 'bash scripts/install-sui-sandbox.sh';

/** Some dependencies declare Node 22 or newer; on older Node, `npm ci` warns (EBADENGINE) but they work. */
const DECLARED_BY_DEPENDENCIES = 22;

/** The oldest Node smi-bench runs on: package.json's `engines.node` (`>=20.19.0`). */
function minimumNode(): number[] {
  const pkg = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
    engines: { node: string };
  };
  return pkg.engines.node.replace(/^>=/, '').split('.').map(Number);
}

const atLeast = (version: number[], minimum: number[]) => {
  const i = minimum.findIndex((m, k) => (version[k] ?? 0) !== m);
  return i < 0 || (version[i] ?? 0) > minimum[i]!;
};

export const nodeCheck: Check = async () => {
  const minimum = minimumNode();
  const version = process.versions.node.split('.').map(Number);
  if (!atLeast(version, minimum))
    return {
      name: 'Node.js',
      status: 'fail',
      message: `v${process.versions.node} is too old: smi-bench needs Node ${minimum.join('.')} or newer`,
      fix: { command: `install Node ${minimum.join('.')} or newer (https://nodejs.org)`, safe: false },
    };
  const warned =
    version[0]! < DECLARED_BY_DEPENDENCIES
      ? ` (npm ci warns EBADENGINE here: @mysten/sui, vega-lite and graphql declare Node ${DECLARED_BY_DEPENDENCIES}+; smi-bench's tests run on Node 20, so the warning is harmless)`
      : '';
  return { name: 'Node.js', status: 'ok', message: `v${process.versions.node}${warned}` };
};

export const temporalCliCheck: Check = async () => {
  const pinned = processConfig().SMI_TEMPORAL_BIN;
  const binary = findTemporalBinary(pinned);
  if (binary) return { name: 'Temporal CLI', status: 'ok', message: binary };
  return {
    name: 'Temporal CLI',
    status: 'fail',
    message: pinned
      ? `SMI_TEMPORAL_BIN=${pinned} does not exist`
      : 'not installed (not in .tools/bin, not on PATH); commands would install it on first use',
    fix: { command: INSTALL_TEMPORAL, safe: !pinned },
  };
};

/** The server the commands would use: TEMPORAL_ADDRESS, else smi-bench's local port (see `server`). */
export const temporalServerCheck: Check = async () => {
  const name = 'Temporal server';
  const fromEnv = process.env.TEMPORAL_ADDRESS;
  if (fromEnv) {
    try {
      const connection = await Connection.connect({ address: fromEnv, connectTimeout: CONNECT_TIMEOUT_MS });
      await connection.close();
      return { name, status: 'ok', message: `TEMPORAL_ADDRESS=${fromEnv} answers` };
    } catch {
      return {
        name,
        status: 'fail',
        message: `TEMPORAL_ADDRESS=${fromEnv} does not answer (no Temporal server within ${CONNECT_TIMEOUT_MS / 1000} s)`,
        fix: {
          command:
            'start the team server there, or `unset TEMPORAL_ADDRESS` to let commands start a local one',
          safe: false,
        },
      };
    }
  }
  const { port } = localServerPorts(processConfig());
  const address = `127.0.0.1:${port}`;
  if (!(await isPortOpen('127.0.0.1', port))) {
    return {
      name,
      status: 'ok',
      message: `nothing on ${address}: commands start a local dev server there themselves`,
    };
  }
  try {
    await checkIsSmiBenchServer(address, namespaceFromEnv());
    return { name, status: 'ok', message: `a smi-bench server answers on ${address}` };
  } catch (err) {
    return {
      name,
      status: 'fail',
      message: (err as Error).message,
      fix: { command: 'SMI_TEMPORAL_PORT=<a free port> (or stop what holds the port)', safe: false },
    };
  }
};

/** The sui-sandbox wheel: the upstream extractor and Sui's VM that the tests check smi-bench against. */
export const oracleWheelCheck: Check = async (): Promise<CheckResult> => {
  const name = 'oracle wheel';
  const python = join(PROJECT_ROOT, '.tools', 'sui-venv', 'bin', 'python');
  const installed =
    existsSync(python) &&
    (await execa(python, ['-c', 'import sui_sandbox'], { reject: false })).exitCode === 0;
  return installed
    ? { name, status: 'ok', message: 'sui-sandbox importable in .tools/sui-venv' }
    : {
        name,
        status: 'warn',
        message:
          'sui-sandbox is not installed: only the tests need it (they check extraction and the VM against it)',
        fix: { command: INSTALL_ORACLE, safe: true },
      };
};

/** Sui's compiler (WASM, inside an npm package): it loads, and it is the release smi-bench names. */
export const suiCompilerCheck: Check = async (): Promise<CheckResult> => {
  const name = 'Move compiler';
  try {
    const { getPinnedSuiVersion, initMovePackageBuilder } = await import('@zktx.io/sui-move-builder');
    await initMovePackageBuilder();
    const version = await getPinnedSuiVersion();
    return SUI_RELEASE.endsWith(`-v${version}`)
      ? { name, status: 'ok', message: SUI_COMPILER_LABEL }
      : {
          name,
          status: 'fail',
          message: `${SUI_COMPILER_PACKAGE} carries Sui ${version}, not ${SUI_RELEASE}: reinstall the pinned version`,
          fix: { command: 'npm ci', safe: false },
        };
  } catch (error) {
    return {
      name,
      status: 'fail',
      message: `${SUI_COMPILER_PACKAGE} does not load: ${(error as Error).message}`,
      fix: { command: 'npm ci', safe: false },
    };
  }
};
