// A bad SMI_* value stops any command before it starts anything: one line naming each bad variable and
// the form it takes, exit status 2, no state folder made. The forms are the README's Configuration table's.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { smiBench } from '../support/cli.js';

describe('a bad configuration', () => {
  it('stops the command with the variables named, before anything is made', async () => {
    const home = join(mkdtempSync(join(tmpdir(), 'smi-bad-config-')), 'state');
    const res = await smiBench(['demo'], {
      SMI_HOME: home,
      SMI_VM_THREADS: 'abc',
      SMI_LLM_RATE_PER_SECOND: '-1',
    });
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toBe(
      'error: SMI_LLM_RATE_PER_SECOND must be a number above 0, got "-1"; ' +
        'SMI_VM_THREADS must be a whole number from 1 to 256, got "abc"',
    );
    expect(existsSync(home)).toBe(false);
  });

  it('is read from the environment even for the commands that need no server', async () => {
    const res = await smiBench(['datasets'], { SMI_SDK_LOG_LEVEL: 'chatty' });
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toBe(
      'error: SMI_SDK_LOG_LEVEL must be one of TRACE, DEBUG, INFO, WARN, ERROR, got "chatty"',
    );
  });

  it('leaves help to answer, so the user can read what a command takes', async () => {
    const env = { SMI_VM_THREADS: 'abc' };
    const help = await smiBench(['phase1', '--help'], env);
    expect(help.exitCode).toBe(0);
    expect(help.stdout).toContain('--corpus-root');
    const run = await smiBench(['datasets'], env);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toBe('error: SMI_VM_THREADS must be a whole number from 1 to 256, got "abc"');
  });
});
