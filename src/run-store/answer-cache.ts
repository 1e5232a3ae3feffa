// Content-addressed cache of model answers. The key is everything that decides an answer: the endpoint and
// the exact chat request (model, messages, request settings), so a changed setting or prompt misses. Files
// are written atomically under their hash, so several workers on one host (or on a shared filesystem) can
// share one cache: two that race write the same bytes.
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { buildChatRequestBody } from '../agents/chat-request.js';
import type { AnswerSchema } from '../agents/answer-schemas.js';
import type { ChatCompletionResult } from '../agents/openai-chat.js';
import { sha256Hex } from './artifacts.js';
import { atomicWriteFile } from './atomic-write.js';
import type { RealAgentSettings } from '../contracts/agent-settings.js';

/** The cache's folder name inside a log directory (a run id never starts with a dot). */
export const ANSWER_CACHE_NAME = '.model-cache';

/** The cache of the runs in `logDir`: the folder configured (SMI_MODEL_CACHE_DIR), else beside the run directories. */
export function answerCacheDir(logDir: string, configured: string | undefined): string {
  return configured ?? join(logDir, ANSWER_CACHE_NAME);
}

/**
 * `slot` is the call's place in its package: the same prompt asked again in a later attempt is another entry.
 * A structured request (`--structured`) sends its schema, so it is another request than the plain one.
 */
function answerCacheKey(use: AnswerCacheUse): string {
  const { settings, prompt, slot } = use;
  const request = buildChatRequestBody(settings, prompt, undefined, use.answer);
  return sha256Hex(JSON.stringify({ endpoint: settings.base_url, request, slot }));
}

export interface AnswerCacheUse {
  logDir: string;
  /** The worker's own cache folder (SMI_MODEL_CACHE_DIR), when it has one. */
  configuredDir?: string | undefined;
  settings: RealAgentSettings;
  prompt: string;
  slot: string;
  answer?: AnswerSchema;
}

const entryPath = (dir: string, key: string) => join(dir, key.slice(0, 2), `${key.slice(2)}.json`);

async function readCachedAnswer(dir: string, key: string): Promise<ChatCompletionResult | null> {
  const text = await readFile(entryPath(dir, key), 'utf8').catch(() => null);
  if (text === null) return null;
  try {
    return JSON.parse(text) as ChatCompletionResult;
  } catch {
    return null; // a damaged entry is a miss; the answer is asked again and written anew
  }
}

async function writeCachedAnswer(dir: string, key: string, answer: ChatCompletionResult): Promise<void> {
  await atomicWriteFile(entryPath(dir, key), JSON.stringify(answer));
}

/**
 * The stored answer of this request when `use` and there is one, else `send()`'s, stored for next time
 * (when `use`). `cached` says which.
 */
export async function cachedOrSent(
  use: AnswerCacheUse | null,
  send: () => Promise<ChatCompletionResult>,
): Promise<{ answer: ChatCompletionResult; cached: boolean }> {
  if (!use) return { answer: await send(), cached: false };
  const dir = answerCacheDir(use.logDir, use.configuredDir);
  const key = answerCacheKey(use);
  const stored = await readCachedAnswer(dir, key);
  if (stored) return { answer: stored, cached: true };
  const answer = await send();
  await writeCachedAnswer(dir, key, answer);
  return { answer, cached: false };
}

export interface AnswerCacheStats {
  entries: number;
  bytes: number;
}

export async function answerCacheStats(dir: string): Promise<AnswerCacheStats> {
  const stats = { entries: 0, bytes: 0 };
  const shards = await readdir(dir).catch(() => [] as string[]);
  for (const shard of shards) {
    const names = await readdir(join(dir, shard)).catch(() => [] as string[]);
    for (const name of names.filter((n) => n.endsWith('.json'))) {
      stats.entries += 1;
      stats.bytes += (await stat(join(dir, shard, name))).size;
    }
  }
  return stats;
}

export async function clearAnswerCache(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}
