// A scriptable OpenAI-compatible HTTP server on 127.0.0.1, for tests, perf runs and crash drills.
// It speaks the real wire protocol (POST /v1/chat/completions, GET /v1/models) so the agent is exercised
// through the official SDK and real sockets, and it records every request it receives.

import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StubUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
  total_tokens?: number;
  /** What the call cost, as OpenRouter reports it. */
  cost?: number;
}

/** A normal answer. `content: null` sends a message without text. */
export interface StubContentReply {
  content: string | null;
  finishReason?: string | null;
  /** null leaves `usage` out of the response; missing computes a rough count from the text lengths. */
  usage?: StubUsage | null;
  /** Wait before answering. */
  delayMs?: number;
  /** Send the headers and half the body, then stall this long before the rest (tests body-read timeouts). */
  stallBodyMs?: number;
  model?: string;
}

/** Any status with any body (object → JSON, string → sent as is). */
export interface StubStatusReply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  delayMs?: number;
}

/** Answer only after `hangMs` (then with `then`, default an empty key-type list). */
export interface StubHangReply {
  hangMs: number;
  then?: StubContentReply | StubStatusReply;
}

/** Drop the connection without answering. */
export interface StubDestroyReply {
  destroy: true;
  delayMs?: number;
}

export type StubReply = StubContentReply | StubStatusReply | StubHangReply | StubDestroyReply;

export interface StubRequest {
  method: string;
  path: string;
  /** Parsed JSON body (undefined when absent or not JSON). */
  body: unknown;
  headers: IncomingHttpHeaders;
  /** 0-based, counting every request the server received. */
  requestIndex: number;
  /** Content of the last user message ('' if none). */
  prompt: string;
  /** The Phase I package id embedded in the prompt, if any. */
  packageId: string | null;
  /** Wall-clock arrival time (ms since the epoch). */
  time: number;
}

export type StubHandler = (request: StubRequest) => StubReply | Promise<StubReply>;

export interface OpenAiStubOptions {
  handler?: StubHandler;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Model ids listed by GET /v1/models. */
  models?: string[];
  /** When set, requests without `Authorization: Bearer <apiKey>` get a 401. */
  apiKey?: string;
}

export interface RunningOpenAiStub {
  /** `http://127.0.0.1:<port>/v1` */
  baseUrl: string;
  port: number;
  /** Every request received, in arrival order. */
  requests: StubRequest[];
  setHandler(handler: StubHandler): void;
  /** Chat requests per Phase I package id. */
  countByPackage(): Map<string, number>;
  /** Stops listening and cuts open connections, including hanging ones. */
  close(): Promise<void>;
}

export const DEFAULT_STUB_CONTENT = '{"key_types": []}';

/** The package id of a Phase I prompt, whose JSON payload holds `"package_id": "<id>"`. */
export function packageIdFromPrompt(prompt: string): string | null {
  return /"package_id"\s*:\s*"([^"]*)"/.exec(prompt)?.[1] ?? null;
}

/** Requests in flight at the stub, at most: each one lasts `delayMs` from its arrival. */
export function maxInFlightAtStub(requests: StubRequest[], delayMs: number): number {
  const times = requests.map((r) => r.time).sort((a, b) => a - b);
  let max = 0;
  let first = 0;
  for (let i = 0; i < times.length; i++) {
    while (times[first]! <= times[i]! - delayMs) first++;
    max = Math.max(max, i - first + 1);
  }
  return max;
}

/** Always the same reply. */
export function constantReply(reply: StubReply): StubHandler {
  return () => reply;
}

/** Reply per package id found in the prompt, with a fallback for everything else. */
export function repliesByPackage(
  replies: Record<string, StubReply | StubHandler>,
  fallback: StubReply | StubHandler = { content: DEFAULT_STUB_CONTENT },
): StubHandler {
  return (request) => {
    const choice = (request.packageId !== null ? replies[request.packageId] : undefined) ?? fallback;
    return typeof choice === 'function' ? choice(request) : choice;
  };
}

export async function startOpenAiStub(options: OpenAiStubOptions = {}): Promise<RunningOpenAiStub> {
  let handler: StubHandler = options.handler ?? constantReply({ content: DEFAULT_STUB_CONTENT });
  const requests: StubRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const models = options.models ?? ['stub-model'];

  // Timers are tracked so close() can cancel hangs instead of keeping the process alive.
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  const server = createServer((req, res) => {
    serve(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, openAiError(String(error), 'server_error'));
      else res.destroy();
    });
  });

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const rawBody = await readBody(req);
    const body = parseJson(rawBody);
    const prompt = lastUserMessage(body);
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const record: StubRequest = {
      method: req.method ?? 'GET',
      path,
      body,
      headers: req.headers,
      requestIndex: requests.length,
      prompt,
      packageId: packageIdFromPrompt(prompt),
      time: Date.now(),
    };
    requests.push(record);

    if (options.apiKey !== undefined && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      sendJson(res, 401, openAiError('Incorrect API key provided', 'invalid_api_key'));
      return;
    }
    if (record.method === 'GET' && path === '/v1/models') {
      const data = models.map((id) => ({ id, object: 'model', created: 0, owned_by: 'openai-stub' }));
      sendJson(res, 200, { object: 'list', data });
      return;
    }
    if (record.method !== 'POST' || path !== '/v1/chat/completions') {
      sendJson(res, 404, openAiError(`no route for ${record.method} ${path}`, 'not_found'));
      return;
    }
    await sendReply(res, await handler(record), record);
  }

  async function sendReply(res: ServerResponse, reply: StubReply, request: StubRequest): Promise<void> {
    if ('hangMs' in reply) {
      await sleep(reply.hangMs);
      if (res.destroyed) return;
      return sendReply(res, reply.then ?? { content: DEFAULT_STUB_CONTENT }, request);
    }
    if (reply.delayMs) await sleep(reply.delayMs);
    if (res.destroyed) return;
    if ('destroy' in reply) {
      res.socket?.destroy();
      return;
    }
    if ('status' in reply) {
      const isText = typeof reply.body === 'string';
      const text = isText
        ? (reply.body as string)
        : reply.body === undefined
          ? ''
          : JSON.stringify(reply.body);
      res.writeHead(reply.status, {
        'content-type': isText ? 'text/plain' : 'application/json',
        ...reply.headers,
      });
      res.end(text);
      return;
    }
    const text = JSON.stringify(chatCompletion(reply, request));
    res.writeHead(200, { 'content-type': 'application/json' });
    if (reply.stallBodyMs) {
      res.write(text.slice(0, Math.floor(text.length / 2)));
      await sleep(reply.stallBodyMs);
      if (res.destroyed) return;
      res.end(text.slice(Math.floor(text.length / 2)));
      return;
    }
    res.end(text);
  }

  function chatCompletion(reply: StubContentReply, request: StubRequest): Record<string, unknown> {
    const requestedModel =
      isRecord(request.body) && typeof request.body.model === 'string' ? request.body.model : null;
    const completion: Record<string, unknown> = {
      id: `chatcmpl-stub-${request.requestIndex}`,
      object: 'chat.completion',
      created: Math.floor(request.time / 1000),
      model: reply.model ?? requestedModel ?? models[0],
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: reply.content },
          finish_reason: reply.finishReason === undefined ? 'stop' : reply.finishReason,
        },
      ],
    };
    if (reply.usage !== null) completion.usage = usageFor(reply, request.prompt);
    return completion;
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    port,
    requests,
    setHandler(next) {
      handler = next;
    },
    countByPackage() {
      const counts = new Map<string, number>();
      for (const request of requests) {
        if (request.packageId !== null)
          counts.set(request.packageId, (counts.get(request.packageId) ?? 0) + 1);
      }
      return counts;
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

function usageFor(reply: StubContentReply, prompt: string): StubUsage {
  // Roughly four characters per token: plausible numbers that tests can predict.
  const promptTokens = Math.ceil(prompt.length / 4);
  const completionTokens = Math.ceil((reply.content ?? '').length / 4);
  return {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
    ...reply.usage,
  };
}

function openAiError(message: string, code: string): Record<string, unknown> {
  return { error: { message, type: 'invalid_request_error', param: null, code } };
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function lastUserMessage(body: unknown): string {
  if (!isRecord(body) || !Array.isArray(body.messages)) return '';
  const users = body.messages.filter((m): m is Record<string, unknown> => isRecord(m) && m.role === 'user');
  const content = users.at(-1)?.content;
  return typeof content === 'string' ? content : '';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
