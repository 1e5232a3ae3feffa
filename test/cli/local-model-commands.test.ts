// `models --local` and `doctor` about the local model of `--agent local-llm`: the installed file is listed
// with the SHA-256 the setup script pins, it loads, and a file that is not a GGUF model is a failure that
// says why.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { smiBench } from '../support/cli.js';
import { PINNED_MODEL_SHA256, withoutLocalModel } from '../support/local-model.js';

interface DoctorJson {
  checks: { name: string; status: string; message: string }[];
}
const localCheck = (stdout: string) =>
  (JSON.parse(stdout) as DoctorJson).checks.find((c) => c.name === 'local model')!;

describe.skipIf(withoutLocalModel)('the local model in models and doctor', () => {
  it('models --local lists the installed model with its pinned SHA-256, as the default', async () => {
    const res = await smiBench(['models', '--local']);
    expect(res.exitCode).toBe(0);
    expect(res.stdout).toMatch(
      new RegExp(
        `^SmolLM2-135M-Instruct\\.Q4_1\\.gguf +98 MB +${PINNED_MODEL_SHA256} +\\(default of --agent local-llm\\)$`,
        'm',
      ),
    );
  });

  it('doctor loads the model; a file that is not GGUF fails with the reason', async () => {
    const ok = await smiBench(['doctor', '--json']);
    expect(localCheck(String(ok.stdout))).toMatchObject({ status: 'ok' });
    expect(localCheck(String(ok.stdout)).message).toMatch(
      /^SmolLM2-135M-Instruct\.Q4_1\.gguf \(98 MB, sha256 b179c9523d0e…\) loads in/,
    );

    const bad = join(mkdtempSync(join(tmpdir(), 'smi-not-gguf-')), 'notes.gguf');
    writeFileSync(bad, 'not a model\n');
    const res = await smiBench(['doctor', '--json', '--model-path', bad]);
    expect(res.exitCode).toBe(1);
    expect(localCheck(String(res.stdout))).toMatchObject({ status: 'fail' });
    expect(localCheck(String(res.stdout)).message).toMatch(/notes\.gguf could not be loaded: .*GGUF/);
  });
});
