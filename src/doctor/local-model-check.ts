// `doctor`: the local model of `--agent local-llm` (the default one, or `--model-path`) is there and loads in
// node-llama-cpp's prebuilt CPU build. Missing is a warning (only local-llm runs and the demo's second part
// need it), with the install script as its fix; a file that does not load is a failure.
import { existsSync } from 'node:fs';
import { LocalModels } from '../agents/local-llm.js';
import { DEFAULT_LOCAL_MODEL_PATH, describeLocalModel } from '../agents/local-model-file.js';
import { megabytes } from '../agents/local-model.js';
import type { CheckResult } from './check.js';

const NAME = 'local model';

export async function localModelCheck(modelPath: string | undefined): Promise<CheckResult> {
  const path = modelPath ?? DEFAULT_LOCAL_MODEL_PATH;
  if (!modelPath && !existsSync(path))
    return {
      name: NAME,
      status: 'warn',
      message: `not installed (${path}); --agent local-llm and the demo's model run need it`,
      fix: { command: 'bash scripts/install-model.sh', safe: true },
    };
  const models = new LocalModels(1);
  try {
    const started = Date.now();
    const file = await describeLocalModel(path);
    await models.load(file);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    return {
      name: NAME,
      status: 'ok',
      message: `${file.file_name} (${megabytes(file.size_bytes)}, sha256 ${file.sha256.slice(0, 12)}…) loads in ${seconds} s`,
    };
  } catch (err) {
    return { name: NAME, status: 'fail', message: (err as Error).message };
  } finally {
    await models.dispose();
  }
}
