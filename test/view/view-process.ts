// `smi-bench view` as a user starts it: the built CLI in its own process, on a free port (`--port 0`),
// its address read from the line it prints.
import { request } from 'node:http';
import { spawnSmiBench, stopProcess } from '../support/cli.js';

export interface RunningViewProcess {
  url: URL;
  port: number;
  stderr(): string;
  stop(): Promise<void>;
}

export async function startViewProcess(
  args: string[],
  env: Record<string, string>,
): Promise<RunningViewProcess> {
  const command = spawnSmiBench(['view', '--port', '0', ...args], env);
  await command.waitForStderr('smi-bench view: http', 30_000);
  const url = new URL(/smi-bench view: (\S+)/.exec(command.stderr())![1]!);
  return {
    url,
    port: Number(url.port),
    stderr: command.stderr,
    stop: () => stopProcess(command.child),
  };
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * GET with the path sent exactly as written (no client normalizes `..` or decodes anything) to
 * `host:port`, with the Host header given (default: the address itself; null: none at all).
 */
export function rawGet(
  host: string,
  port: number,
  path: string,
  hostHeader?: string | null,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request({
      host,
      port,
      path,
      method: 'GET',
      setHost: false,
      headers: hostHeader === null ? {} : { host: hostHeader ?? `${host}:${port}` },
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}
