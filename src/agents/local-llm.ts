// A GGUF model run in this process by node-llama-cpp (the llm worker's side of `--agent local-llm`).
// The native library is the prebuilt CPU build from the npm registry: nothing is built or downloaded at run
// time. Each model is loaded once per process and kept, with `concurrency` contexts of one thread each: a
// generation takes an idle context or waits for one, so the CPU work is bounded and the worker's other model
// calls (HTTP endpoints) are never held up behind it.
import type {
  GbnfJsonSchema,
  Llama,
  LlamaChatSession,
  LlamaContext,
  LlamaGrammar,
  LlamaModel,
} from 'node-llama-cpp';
import { ANSWER_SCHEMAS, type AnswerFormat } from './answer-schemas.js';
import { SYSTEM_PROMPT } from './chat-request.js';
import { ConfigError } from '../config/config-error.js';
import { LOCAL_CONTEXT_TOKENS } from './local-model.js';
import { fileSha256 } from './local-model-file.js';
import { ModelContextExceeded, ModelEmptyContent, ModelTimeout } from './model-errors.js';
import type { ChatCompletionResult } from './openai-chat.js';
import type { TokenUsage } from '../contracts/usage.js';
import type { LocalModelFile } from '../contracts/agent-settings.js';

export interface LocalCompletionOptions {
  format: AnswerFormat | null;
  maxTokens: number;
  timeoutMs: number;
  /** Aborts the generation (Temporal activity cancellation); its reason is rethrown as is. */
  signal?: AbortSignal;
}

/**
 * node-llama-cpp, imported on the first local call: the import takes a third of a second, which workers that
 * never run a local model (and every command that starts one) should not pay.
 */
type NodeLlamaCpp = typeof import('node-llama-cpp');

interface LoadedModel {
  model: LlamaModel;
  Session: NodeLlamaCpp['LlamaChatSession'];
  /** Contexts no generation uses now; `waiting` are the generations that wait for one. */
  idle: LlamaContext[];
  waiting: ((context: LlamaContext) => void)[];
  all: LlamaContext[];
  grammars: Map<AnswerFormat, Promise<LlamaGrammar>>;
}

/** Tokens the chat template adds around the system and user messages (SmolLM2's takes about 20). */
const TEMPLATE_TOKENS = 64;

/**
 * One evaluation thread per context, and one context per concurrent generation: on a shared 2-core machine
 * llama.cpp's threads of one context spin-wait for each other, and a second thread that another process
 * held slowed a 1,700-token prompt from 12 s to 25 s; separate single-thread contexts never wait so.
 */
const THREADS = 1;

export class LocalModels {
  private lib: Promise<NodeLlamaCpp> | null = null;
  private llama: Promise<Llama> | null = null;
  private readonly models = new Map<string, Promise<LoadedModel>>();

  /** `loadLibrary`: node-llama-cpp itself, replaced only where a test needs it to fail. */
  constructor(
    private readonly concurrency: number,
    private readonly loadLibrary: () => Promise<NodeLlamaCpp> = () => import('node-llama-cpp'),
  ) {}

  /** Loads the file (first call of this process only) and checks it is the one the run was started with. */
  load(file: LocalModelFile): Promise<LoadedModel> {
    const key = `${file.path}\n${file.sha256}`;
    let loaded = this.models.get(key);
    if (!loaded) {
      loaded = this.loadUncached(file);
      // A failed load is tried again by the next call (the file may be installed meanwhile).
      loaded.catch(() => this.models.delete(key));
      this.models.set(key, loaded);
    }
    return loaded;
  }

  private async loadUncached(file: LocalModelFile): Promise<LoadedModel> {
    const sha256 = await fileSha256(file.path).catch((err: unknown) => {
      throw new ConfigError(`local model cannot be read on this worker: ${(err as Error).message}`);
    });
    if (sha256 !== file.sha256)
      throw new ConfigError(
        `local model ${file.path} on this worker is not the run's ${file.file_name} ` +
          `(SHA-256 ${sha256.slice(0, 12)}…, the run's ${file.sha256.slice(0, 12)}…)`,
      );
    const lib = await (this.lib ??= this.loadLibrary());
    // A library that cannot start here (no prebuilt binary fits) fails every call alike: a configuration
    // error, not one to retry; and forgotten, so a later call (or `dispose`) does not meet it again.
    this.llama ??= lib
      .getLlama({ build: 'never', gpu: false, progressLogs: false, logLevel: lib.LlamaLogLevel.error })
      .catch((err: unknown) => {
        this.llama = null;
        throw new ConfigError(`node-llama-cpp cannot start on this worker: ${(err as Error).message}`);
      });
    const llama = await this.llama;
    try {
      const model = await llama.loadModel({ modelPath: file.path });
      const contextSize = Math.min(LOCAL_CONTEXT_TOKENS, model.trainContextSize);
      const all = await Promise.all(
        Array.from({ length: this.concurrency }, () =>
          model.createContext({ contextSize, sequences: 1, threads: THREADS }),
        ),
      );
      return { model, Session: lib.LlamaChatSession, idle: [...all], waiting: [], all, grammars: new Map() };
    } catch (err) {
      throw new ConfigError(`local model ${file.file_name} could not be loaded: ${(err as Error).message}`);
    }
  }

  private grammar(loaded: LoadedModel, format: AnswerFormat): Promise<LlamaGrammar> {
    let grammar = loaded.grammars.get(format);
    if (!grammar) {
      grammar = loaded.model.llama.createGrammarForJsonSchema<GbnfJsonSchema>(ANSWER_SCHEMAS[format]);
      loaded.grammars.set(format, grammar);
    }
    return grammar;
  }

  /** Answers one prompt; throws ModelError for a prompt that does not fit, an empty answer or a timeout. */
  async complete(
    file: LocalModelFile,
    prompt: string,
    options: LocalCompletionOptions,
  ): Promise<ChatCompletionResult> {
    const loaded = await this.load(file);
    const promptTokens = loaded.model.tokenize(SYSTEM_PROMPT + prompt).length + TEMPLATE_TOKENS;
    const contextTokens = loaded.all[0]!.contextSize;
    if (promptTokens + options.maxTokens > contextTokens)
      throw new ModelContextExceeded({ promptTokens, maxTokens: options.maxTokens, contextTokens });
    const grammar = options.format ? await this.grammar(loaded, options.format) : undefined;
    // The call's time counts from here, waiting for a free context included: the budget is the activity's.
    const timeout = AbortSignal.timeout(Math.max(1000, options.timeoutMs));
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    let context: LlamaContext | null = null;
    let session: LlamaChatSession | null = null;
    try {
      context = await takeContext(loaded, signal);
      const sequence = context.getSequence();
      session = new loaded.Session({
        contextSequence: sequence,
        systemPrompt: SYSTEM_PROMPT,
        autoDisposeSequence: true,
      });
      const answer = await session.promptWithMeta(prompt, {
        ...(grammar ? { grammar } : {}),
        maxTokens: options.maxTokens,
        temperature: 0,
        signal,
      });
      const usage = meterUsage(sequence.tokenMeter);
      const finishReason = answer.stopReason === 'maxTokens' ? 'length' : 'stop';
      if (answer.responseText.trim() === '')
        throw new ModelEmptyContent({ hitMaxTokens: finishReason === 'length', usage });
      return { content: answer.responseText, usage, finishReason, model: file.file_name };
    } catch (err) {
      if (timeout.aborted && !options.signal?.aborted)
        throw new ModelTimeout({ baseUrl: file.path, timeoutMs: options.timeoutMs, cause: err });
      throw err;
    } finally {
      session?.dispose();
      if (context) giveBack(loaded, context);
    }
  }

  async dispose(): Promise<void> {
    for (const loaded of this.models.values()) {
      const model = await loaded.catch(() => null);
      if (!model) continue;
      await Promise.all(model.all.map((context) => context.dispose()));
      await model.model.dispose();
    }
    this.models.clear();
    await (await this.llama?.catch(() => null))?.dispose();
    this.llama = null;
  }
}

/** A free context, or the first one given back; a call that ends while it waits leaves the queue. */
function takeContext(loaded: LoadedModel, signal: AbortSignal): Promise<LlamaContext> {
  const context = loaded.idle.pop();
  if (context) return Promise.resolve(context);
  return new Promise((take, refuse) => {
    if (signal.aborted) return refuse(signal.reason);
    const waiter = (given: LlamaContext) => {
      signal.removeEventListener('abort', leave);
      take(given);
    };
    const leave = () => {
      loaded.waiting.splice(loaded.waiting.indexOf(waiter), 1);
      refuse(signal.reason);
    };
    signal.addEventListener('abort', leave, { once: true });
    loaded.waiting.push(waiter);
  });
}

function giveBack(loaded: LoadedModel, context: LlamaContext): void {
  const next = loaded.waiting.shift();
  if (next) next(context);
  else loaded.idle.push(context);
}

function meterUsage(meter: { usedInputTokens: number; usedOutputTokens: number }): TokenUsage {
  const prompt = meter.usedInputTokens;
  const completion = meter.usedOutputTokens;
  // A local model costs nothing per token: the cost is known, and it is 0.
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
    cost_usd: 0,
  };
}
