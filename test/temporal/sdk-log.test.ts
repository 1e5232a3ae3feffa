// The SDK's log file: one plain line per entry, and a notice that counts only what needs attention.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LogEntry } from '@temporalio/worker';
import { readProcessConfig } from '../../src/config/process-config.js';
import { SdkLogFile } from '../../src/temporal/sdk-log.js';

// 2026-01-02T03:04:05.678Z in nanoseconds since the epoch
const NANOS = BigInt(Date.UTC(2026, 0, 2, 3, 4, 5, 678)) * 1_000_000n;
const entry = (level: LogEntry['level'], message: string, meta: Record<string, unknown>): LogEntry => ({
  level,
  message,
  timestampNanos: NANOS,
  meta,
});

describe('SdkLogFile', () => {
  it('writes plain lines and counts core warnings and all errors', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'smi-sdklog-')), 'home', 'temporal-sdk.log');
    const log = new SdkLogFile(path);
    expect(log.notice()).toBeNull();
    const core = { sdkComponent: 'core', target: 'temporalio_sdk_core::worker::workflow::managed_run' };
    log.write(entry('WARN', '[TMPRL1104] Workflow task duration exceeded 5 seconds.', { ...core, n: 8000n }));
    log.write(
      entry('WARN', 'No workflows registered, not polling for workflow tasks', { sdkComponent: 'worker' }),
    );
    log.write(entry('WARN', 'Activity failed', { sdkComponent: 'worker', isLocal: true }));
    expect(log.notice()).toBe(`The Temporal SDK logged 1 warning; see ${path}`);
    log.write(entry('ERROR', 'Worker failed', { sdkComponent: 'worker' }));
    log.write(entry('WARN', 'again', core));
    expect(log.notice()).toBe(`The Temporal SDK logged 2 warnings and 1 error; see ${path}`);

    const lines = readFileSync(path, 'utf8').split('\n');
    expect(lines[0]).toMatch(/^# smi-bench \(pid \d+\)/);
    expect(lines[1]).toBe(
      '2026-01-02T03:04:05.678Z WARN core temporalio_sdk_core::worker::workflow::managed_run: ' +
        '[TMPRL1104] Workflow task duration exceeded 5 seconds. {"n":"8000"}',
    );
    expect(lines[3]).toBe('2026-01-02T03:04:05.678Z WARN worker: Activity failed {"isLocal":true}');
    expect(lines).toHaveLength(7); // header, five entries, and the final newline
  });

  it('takes its level from SMI_SDK_LOG_LEVEL, WARN by default, and refuses others', () => {
    const level = (env: Record<string, string>) => readProcessConfig(env).SMI_SDK_LOG_LEVEL;
    expect(level({})).toBe('WARN');
    expect(level({ SMI_SDK_LOG_LEVEL: 'info' })).toBe('INFO');
    expect(() => level({ SMI_SDK_LOG_LEVEL: 'loud' })).toThrow(
      'SMI_SDK_LOG_LEVEL must be one of TRACE, DEBUG, INFO, WARN, ERROR, got "loud"',
    );
  });
});
