// A GGUF model run in this process by node-llama-cpp (the llm worker's side of `--agent local-llm`).
// The native library is the prebuilt CPU build from the npm registry: nothing is built or downloaded at run
// time. Each model is loaded once per process and kept, with `concurrency` contexts of one thread each: a
// generation takes an idle context (a generation slot) or waits for one, so the CPU work is bounded and the
// worker's other model calls (HTTP endpoints) are never held up behind it. A call's timeout counts its
// generation from the moment it has a slot; the wait for one has its own bound.
import { LRUCache } from 'lru-cache';
import type {
  GbnfJsonSchema,
  Llama,
  LlamaChatSession,
  LlamaContext,
  LlamaGrammar,
  LlamaModel,
} from 'node-llama-cpp';
import type { AnswerSchema } from './answer-schemas.js';
import { SYSTEM_PROMPT } from './chat-request.js';
import { ConfigError } from '../config/config-error.js';
import { LOCAL_CONTEXT_TOKENS } from './local-model.js';
import { fileSha256 } from './local-model-file.js';
import {
  ModelContextExceeded,
  ModelEmptyContent,
  ModelSlotWaitExceeded,
  ModelTimeout,
} from './model-errors.js';
import type { ChatCompletionResult } from './openai-chat.js';
import type { TokenUsage } from '../contracts/usage.js';
import type { LocalModelFile } from '../contracts/agent-settings.js';

export interface LocalCompletionOptions {
  /** The answer's schema, as the grammar that constrains every token. */
  answer: AnswerSchema | null;
  maxTokens: number;
  /** Time the generation may take, counted from the moment it has a slot. */
  timeoutMs: number;
  /** Time the call may wait for a free slot (other calls' generations); the default waits as long as needed. */
  slotWaitMs?: number;
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
  /** Grammars by schema text: a package's prompts share their names, other packages' rarely. */
  grammars: LRUCache<string, Promise<LlamaGrammar>>;
}

/** Grammars kept per model: enough for the packages generating at once and their retries. */
const GRAMMARS_KEPT = 32;

/** Tokens of an answer around its list of names: `{"key_types": [`, `]}` and their whitespace. */
const ANSWER_OPENING_TOKENS = 24;

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
      const grammars = new LRUCache<string, Promise<LlamaGrammar>>({ max: GRAMMARS_KEPT });
      return { model, Session: lib.LlamaChatSession, idle: [...all], waiting: [], all, grammars };
    } catch (err) {
      throw new ConfigError(`local model ${file.file_name} could not be loaded: ${(err as Error).message}`);
    }
  }

  private grammar(loaded: LoadedModel, answer: AnswerSchema): Promise<LlamaGrammar> {
    const key = JSON.stringify(answer.schema);
    let grammar = loaded.grammars.get(key);
    if (!grammar) {
      grammar = loaded.model.llama.createGrammarForJsonSchema<GbnfJsonSchema>(answer.schema);
      grammar.catch(() => loaded.grammars.delete(key));
      loaded.grammars.set(key, grammar);
    }
    return grammar;
  }

  /**
   * How many of `names` an answer of `maxTokens` can surely write: each as long as the longest, quoted,
   * with its separator and indentation, after the answer's opening.
   */
  async namesThatFit(file: LocalModelFile, names: string[], maxTokens: number): Promise<number> {
    if (names.length === 0) return Infinity;
    const { model } = await this.load(file);
    const longest = Math.max(...names.map((name) => model.tokenize(`"${name}",\n        `).length));
    return Math.floor((maxTokens - ANSWER_OPENING_TOKENS) / longest);
  }

  /** The prompt's tokens as this model counts them, the chat template's included. */
  async countPromptTokens(file: LocalModelFile, prompt: string): Promise<number> {
    const loaded = await this.load(file);
    return loaded.model.tokenize(SYSTEM_PROMPT + prompt).length + TEMPLATE_TOKENS;
  }

  /**
   * Answers one prompt; throws ModelError for a prompt that does not fit, an empty answer, a generation
   * over its time or a wait for a slot over its bound.
   */
  async complete(
    file: LocalModelFile,
    prompt: string,
    options: LocalCompletionOptions,
  ): Promise<ChatCompletionResult> {
    const loaded = await this.load(file);
    const promptTokens = await this.countPromptTokens(file, prompt);
    const contextTokens = loaded.all[0]!.contextSize;
    if (promptTokens + options.maxTokens > contextTokens)
      throw new ModelContextExceeded({ promptTokens, maxTokens: options.maxTokens, contextTokens });
    const grammar = options.answer ? await this.grammar(loaded, options.answer) : undefined;
    const context = await this.takeSlot(loaded, file, options);
    // The call's time counts from here: waiting for the slot was the machine's time, not the model's.
    const timeout = AbortSignal.timeout(Math.max(1000, options.timeoutMs));
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    let session: LlamaChatSession | null = null;
    try {
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
        throw new ModelTimeout({
          baseUrl: file.path,
          timeoutMs: options.timeoutMs,
          cause: err,
          localModel: file.file_name,
        });
      throw err;
    } finally {
      session?.dispose();
      giveBack(loaded, context);
    }
  }

  /** A generation slot, within the call's bound on waiting for one (a cancellation ends the wait as is). */
  private async takeSlot(
    loaded: LoadedModel,
    file: LocalModelFile,
    options: LocalCompletionOptions,
  ): Promise<LlamaContext> {
    const started = Date.now();
    const bound =
      options.slotWaitMs === undefined ? null : AbortSignal.timeout(Math.max(1, options.slotWaitMs));
    const signals = [options.signal, bound].filter((s): s is AbortSignal => s !== undefined && s !== null);
    try {
      return await takeContext(loaded, signals.length > 0 ? AbortSignal.any(signals) : undefined);
    } catch (err) {
      if (bound?.aborted && !options.signal?.aborted)
        throw new ModelSlotWaitExceeded({
          localModel: file.file_name,
          waitedMs: Date.now() - started,
          slots: loaded.all.length,
        });
      throw err;
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
function takeContext(loaded: LoadedModel, signal: AbortSignal | undefined): Promise<LlamaContext> {
  const context = loaded.idle.pop();
  if (context) return Promise.resolve(context);
  return new Promise((take, refuse) => {
    if (signal?.aborted) return refuse(signal.reason);
    const waiter = (given: LlamaContext) => {
      signal?.removeEventListener('abort', leave);
      take(given);
    };
    const leave = () => {
      loaded.waiting.splice(loaded.waiting.indexOf(waiter), 1);
      refuse(signal?.reason);
    };
    signal?.addEventListener('abort', leave, { once: true });
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
