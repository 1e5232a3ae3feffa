// Client of scripts/vm-oracle-server.py: the real Sui Move VM (sui-sandbox wheel) in one long-lived
// Python process, for differential testing of src/vm.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const HERE = fileURLToPath(new URL('.', import.meta.url));
/** The project root, from the source tree or from `dist/scripts`. */
const ROOT = existsSync(resolve(HERE, '..', 'package.json'))
  ? resolve(HERE, '..')
  : resolve(HERE, '..', '..');

export const ORACLE_PYTHON = resolve(ROOT, '.tools/sui-venv/bin/python');
export const ORACLE_SERVER = resolve(ROOT, 'scripts/vm-oracle-server.py');

export interface OracleRequest {
  package: string;
  module: string;
  function: string;
  type_args: string[];
  args_hex: string[];
}

/** What the real VM reported, with its error string parsed where it is a `VMError`. */
export interface OracleOutcome {
  success: boolean;
  returnValues: string[];
  /** `major_status` of a VMError, or `REFUSED` for requests the wheel rejects before running. */
  status?: string;
  code?: bigint;
  module?: string;
  functionIndex?: number;
  offset?: number;
  error?: string;
}

export class Oracle {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly lines: Interface;
  private readonly waiting: ((line: string) => void)[] = [];
  private stderr = '';

  private constructor(packageDirs: string[]) {
    this.child = spawn(ORACLE_PYTHON, [ORACLE_SERVER, ...packageDirs], { stdio: 'pipe' });
    this.child.stderr.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-4000);
    });
    this.lines = createInterface({ input: this.child.stdout });
    this.lines.on('line', (line) => this.waiting.shift()?.(line));
  }

  static available(): boolean {
    return existsSync(ORACLE_PYTHON);
  }

  /** Starts the oracle with these package directories (metadata.json + bytecode_modules). */
  static start(packageDirs: string[]): Oracle {
    if (!Oracle.available()) {
      throw new Error(`sui-sandbox wheel missing at ${ORACLE_PYTHON}; run scripts/install-sui-sandbox.sh`);
    }
    return new Oracle(packageDirs);
  }

  async call(request: OracleRequest): Promise<OracleOutcome> {
    return parseOutcome((await this.exchange(request)) as RawOutcome);
  }

  /**
   * Runs a PTB through the wheel's `replay` on a hand-written state (transaction, objects,
   * packages); the framework is the wheel's own bundled copy.
   */
  async replay(state: Record<string, unknown>): Promise<ReplayOutcome> {
    return (await this.exchange({ replay_state: state })) as ReplayOutcome;
  }

  private exchange(request: unknown): Promise<unknown> {
    return new Promise((resolveCall, reject) => {
      const onExit = () => reject(new Error(`oracle exited: ${this.stderr}`));
      this.child.once('exit', onExit);
      this.waiting.push((line) => {
        this.child.off('exit', onExit);
        resolveCall(JSON.parse(line));
      });
      this.child.stdin.write(JSON.stringify(request) + '\n');
    });
  }

  async close(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((done) => this.child.once('exit', done));
    this.child.stdin.end();
    await exited;
  }
}

export interface ReplayOutcome {
  success: boolean;
  /** Object ids as `0x` + hex without leading zeros. */
  effects: {
    created: string[];
    mutated: string[];
    deleted: string[];
    /** Objects moved to an address, by Move code or TransferObjects. */
    transferred: string[];
    events_count: number;
    failed_command_index: number | null;
    /** How many values each command returned. */
    return_values: number[];
  } | null;
  error: string | null;
}

interface RawOutcome {
  success: boolean;
  return_values: string[];
  error: string | null;
}

export function parseOutcome(raw: RawOutcome): OracleOutcome {
  const outcome: OracleOutcome = { success: raw.success, returnValues: raw.return_values };
  if (raw.success || raw.error === null) return outcome;
  outcome.error = raw.error;
  const status = /major_status: ([A-Z_]+)/.exec(raw.error);
  if (!status) {
    outcome.status = 'REFUSED';
    return outcome;
  }
  outcome.status = status[1]!;
  const code = /sub_status: Some\((\d+)\)/.exec(raw.error);
  if (code) outcome.code = BigInt(code[1]!);
  const module = /location: Module\(ModuleId \{ address: [0-9a-f]+, name: Identifier\("([^"]+)"\)/.exec(
    raw.error,
  );
  if (module) outcome.module = module[1]!;
  const offset = /offsets: \[\(FunctionDefinitionIndex\((\d+)\), (\d+)\)/.exec(raw.error);
  if (offset) {
    outcome.functionIndex = Number(offset[1]);
    outcome.offset = Number(offset[2]);
  }
  return outcome;
}
