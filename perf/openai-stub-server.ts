// Runs the OpenAI-compatible stub as its own process, for perf scripts and crash tests that spawn it.
// Usage: node dist/perf/openai-stub-server.js [--port N] [--delay-ms N] [--content TEXT] [--api-key KEY]
// Prints one JSON line `{"baseUrl": "...", "pid": N}` once listening; stops on SIGINT/SIGTERM.

import { parseArgs } from 'node:util';
import { DEFAULT_STUB_CONTENT, constantReply, startOpenAiStub } from './support/openai-stub.js';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    'delay-ms': { type: 'string', default: '0' },
    content: { type: 'string', default: DEFAULT_STUB_CONTENT },
    'api-key': { type: 'string' },
  },
});

const port = Number(values.port);
const delayMs = Number(values['delay-ms']);
if (!Number.isInteger(port) || port < 0 || !Number.isFinite(delayMs) || delayMs < 0) {
  process.stderr.write('openai-stub-server: --port and --delay-ms must be non-negative numbers\n');
  process.exit(2);
}

const stub = await startOpenAiStub({
  port,
  apiKey: values['api-key'],
  handler: constantReply({ content: values.content, delayMs }),
});
process.stdout.write(`${JSON.stringify({ baseUrl: stub.baseUrl, pid: process.pid })}\n`);

const stop = () => {
  void stub.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
