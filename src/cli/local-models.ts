// `smi-bench models --local`: the GGUF models installed for `--agent local-llm` (name, size, SHA-256), which
// need no endpoint and no key.
import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { DEFAULT_LOCAL_MODEL_PATH, describeLocalModel } from '../agents/local-model-file.js';
import { megabytes } from '../agents/local-model.js';
import type { CliIO } from './run-common.js';

const MODELS_DIR = dirname(DEFAULT_LOCAL_MODEL_PATH);

export async function printLocalModels(io: CliIO): Promise<number> {
  const names = (await readdir(MODELS_DIR).catch(() => [] as string[])).filter((n) => n.endsWith('.gguf'));
  if (names.length === 0) {
    io.log(`no local models in ${MODELS_DIR}; install the default one with scripts/install-model.sh`);
    return 0;
  }
  const files = await Promise.all(names.sort().map((n) => describeLocalModel(join(MODELS_DIR, n))));
  const width = Math.max(5, ...files.map((f) => f.file_name.length));
  io.out(`${'model'.padEnd(width)}  ${'size'.padStart(8)}  sha256`);
  for (const f of files) {
    const mark = f.path === DEFAULT_LOCAL_MODEL_PATH ? '  (default of --agent local-llm)' : '';
    io.out(`${f.file_name.padEnd(width)}  ${megabytes(f.size_bytes).padStart(8)}  ${f.sha256}${mark}`);
  }
  io.log(`in ${MODELS_DIR}; another GGUF file: --agent local-llm --model-path FILE.gguf`);
  return 0;
}
