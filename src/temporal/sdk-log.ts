// The Temporal SDK's own log lines (its Rust core, and the worker's TypeScript side) go to a file in the
// state directory, not to the terminal: they speak of workflow tasks and activations, in colour, and are
// for diagnosing. The terminal gets one plain line saying how many warnings there were and where they are.
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { LogEntry } from '@temporalio/worker';
import { smiHome } from '../smi-home.js';

/** `$SMI_HOME/temporal-sdk.log`. */
export function sdkLogFile(): string {
  return join(smiHome(), 'temporal-sdk.log');
}

/** Appends the SDK's log entries to a file, one line each, and counts the warnings and errors. */
export class SdkLogFile {
  warnings = 0;
  errors = 0;
  private opened = false;

  constructor(readonly path: string) {}

  /**
   * Never throws: the SDK calls it from places that must not fail (a lost log line is no reason to).
   * Counted for the notice: errors, and the core's warnings. The TypeScript side's warnings are about
   * things that are so by design (a worker without workflows) or already in the rows (a failed activity).
   */
  write(entry: LogEntry): void {
    if (entry.level === 'ERROR') this.errors++;
    if (entry.level === 'WARN' && entry.meta?.sdkComponent === 'core') this.warnings++;
    try {
      if (!this.opened) {
        mkdirSync(dirname(this.path), { recursive: true });
        appendFileSync(this.path, `# smi-bench (pid ${process.pid}) ${process.argv.slice(2).join(' ')}\n`);
        this.opened = true;
      }
      appendFileSync(this.path, formatEntry(entry) + '\n');
    } catch {
      // the counts still reach the notice; the file is best effort
    }
  }

  /** One line for the terminal when the SDK warned, else null. */
  notice(): string | null {
    const parts = [plural(this.warnings, 'warning'), plural(this.errors, 'error')].filter((p) => p !== '');
    if (parts.length === 0) return null;
    return `The Temporal SDK logged ${parts.join(' and ')}; see ${this.path}`;
  }
}

function plural(n: number, word: string): string {
  return n === 0 ? '' : `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** `time LEVEL component target: message {fields}`, the fields as JSON (big integers as strings). */
export function formatEntry(entry: LogEntry): string {
  const time = new Date(Number(entry.timestampNanos / 1_000_000n)).toISOString();
  const { sdkComponent, target, ...fields } = entry.meta ?? {};
  const source = [sdkComponent, target].filter((s) => typeof s === 'string' && s !== '').join(' ');
  const json = JSON.stringify(fields, (_key, value: unknown) =>
    typeof value === 'bigint' ? value.toString() : value,
  );
  return `${time} ${entry.level} ${source ? `${source}: ` : ''}${entry.message}${json === '{}' ? '' : ` ${json}`}`;
}
