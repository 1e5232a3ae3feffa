// The command's side of a local model: which GGUF file (`--model-path`, else the default install), its
// identity (size and SHA-256, for results), and installing the default one on first use.
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { stat as fsStat } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { PROJECT_ROOT } from '../project-root.js';
import { pathToFileURL } from 'node:url';
import { ConfigError } from '../config/config-error.js';
import {
  DEFAULT_LOCAL_MODEL_BYTES,
  DEFAULT_LOCAL_MODEL_FILE,
  LOCAL_MAX_TOKENS,
  LOCAL_MODELS_DIR,
  megabytes,
} from './local-model.js';
import { LOCAL_PROVIDER, type LocalModelFile, type RealAgentSettings } from '../contracts/agent-settings.js';

export const DEFAULT_LOCAL_MODEL_PATH = join(PROJECT_ROOT, LOCAL_MODELS_DIR, DEFAULT_LOCAL_MODEL_FILE);
const INSTALL_SCRIPT = join(PROJECT_ROOT, 'scripts', 'install-model.sh');

/** Digests already taken in this process, by the file's identity and last change (nanoseconds). */
const digests = new Map<string, Promise<string>>();

/**
 * The file's SHA-256, read once per process while the file is unchanged: `doctor`, and a run whose command
 * and worker share a process, describe the model and then check it before loading (about 0.3 s a read).
 */
export async function fileSha256(path: string): Promise<string> {
  const stat = await fsStat(path, { bigint: true });
  const key = [resolve(path), stat.dev, stat.ino, stat.size, stat.mtimeNs, stat.ctimeNs].join('\n');
  let digest = digests.get(key);
  if (!digest) {
    digest = readSha256(path);
    digest.catch(() => digests.delete(key));
    digests.set(key, digest);
  }
  return digest;
}

async function readSha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The file's identity; a missing or unreadable file is a ConfigError naming the way to install one. */
export async function describeLocalModel(path: string): Promise<LocalModelFile> {
  const absolute = resolve(path);
  if (!existsSync(absolute)) {
    const hint =
      absolute === DEFAULT_LOCAL_MODEL_PATH
        ? 'install it with scripts/install-model.sh'
        : 'give the path of a .gguf file with --model-path';
    throw new ConfigError(`local model not found: ${absolute} (${hint})`);
  }
  const stat = statSync(absolute);
  if (!stat.isFile()) throw new ConfigError(`local model is not a file: ${absolute}`);
  return {
    path: absolute,
    file_name: basename(absolute),
    size_bytes: stat.size,
    sha256: await fileSha256(absolute),
  };
}

/** Installs the default model with the project's script when it is missing (the demo's first run). */
export async function ensureDefaultLocalModel(log: (line: string) => void): Promise<string> {
  if (existsSync(DEFAULT_LOCAL_MODEL_PATH)) return DEFAULT_LOCAL_MODEL_PATH;
  log(
    `The local model is not installed yet; installing it into .tools/models (one time, ${megabytes(DEFAULT_LOCAL_MODEL_BYTES)}) ...`,
  );
  const { execa } = await import('execa');
  await execa('bash', [INSTALL_SCRIPT], { stdio: 'inherit' });
  if (!existsSync(DEFAULT_LOCAL_MODEL_PATH))
    throw new Error('the local model could not be installed; run scripts/install-model.sh');
  return DEFAULT_LOCAL_MODEL_PATH;
}

/**
 * The run's settings for a local model: always structured (the grammar is what makes a tiny model answer in
 * shape), a known cost of 0, no answer cache (asking again costs seconds, and a run should show the model
 * at work), and a few retries for a worker that dies mid-generation. Answers are short unless the user
 * asks for another length (`SMI_LOCAL_LLM_MAX_TOKENS`).
 */
export function localModelSettings(file: LocalModelFile, maxTokens = LOCAL_MAX_TOKENS): RealAgentSettings {
  return {
    provider: LOCAL_PROVIDER,
    base_url: pathToFileURL(file.path).href,
    model: file.file_name,
    temperature: 0,
    max_tokens: maxTokens,
    thinking: null,
    response_format: null,
    clear_thinking: null,
    min_request_timeout_s: null,
    max_request_retries: 3,
    pricing: { source: 'price-table', input_per_million_usd: 0, output_per_million_usd: 0 },
    cache_answers: false,
    structured: true,
    local_model: file,
  };
}
