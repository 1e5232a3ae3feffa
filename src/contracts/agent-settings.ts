// The model settings a run records (everything but the key): safe to put in workflow history.

export const SUPPORTED_PROVIDER = 'openai_compatible';

/** Everything needed to call the model except the secret key. Safe to record in workflow history. */
export interface RealAgentSettings {
  /** `local_gguf`: a GGUF file run in-process by the worker (`--agent local-llm`); base_url is its file URL. */
  provider: typeof SUPPORTED_PROVIDER | typeof LOCAL_PROVIDER;
  base_url: string;
  model: string;
  temperature: number;
  /** null: not sent, the server decides. */
  max_tokens: number | null;
  /** Sent as `thinking: {type}` when set (e.g. `enabled`, `disabled`). */
  thinking: string | null;
  response_format: 'json_object' | null;
  clear_thinking: boolean | null;
  /** Lower bound for a single request's timeout; null means none. */
  min_request_timeout_s: number | null;
  /** null means the default (6). */
  max_request_retries: number | null;
  /** How a call's cost is known; null or absent: it is not (no price given). */
  pricing?: ModelPricing | null;
  /** Answer from the answer cache when the same request was answered before (the CLI decides). */
  cache_answers?: boolean;
  /** The variable that holds this model's key in the workers' environment (evaluation sets); absent: SMI_API_KEY and its fallbacks. */
  api_key_env?: string;
  /** Requests per second never exceeded, per worker process (an evaluation set's `requests_per_second`). */
  requests_per_second?: number;
  /** Ask for each phase's answer schema (`--structured`: `response_format` json_schema; always for local models). */
  structured?: boolean;
  /** The GGUF file of a local model and its identity (provider `local_gguf`). */
  local_model?: LocalModelFile;
}

export const LOCAL_PROVIDER = 'local_gguf';

/**
 * How long a local call may wait for a free generation slot (other packages' answers), beyond the time
 * its generation may take: the package's time counts the model's work, not the machine's queue.
 */
export const LOCAL_SLOT_WAIT_MS = 10 * 60_000;

export interface LocalModelFile {
  /** Absolute path on the machine that started the run (workers load the same path). */
  path: string;
  file_name: string;
  size_bytes: number;
  sha256: string;
}

export type ModelPricing =
  | { source: 'price-table'; input_per_million_usd: number; output_per_million_usd: number }
  | { source: 'provider' };
