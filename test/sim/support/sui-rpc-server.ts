// A Sui JSON-RPC endpoint on 127.0.0.1 for tests: each method answered by a handler the test supplies,
// in the shapes a full node returns (types from @mysten/sui/jsonRpc), and every call recorded.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RpcCall {
  method: string;
  params: unknown[];
}

/** A handler's result is sent as `result`; throwing an RpcFault sends a JSON-RPC `error`. */
export type RpcHandler = (params: unknown[], call: number) => unknown;

export class RpcFault extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export interface SuiRpcServer {
  url: string;
  calls: RpcCall[];
  callsOf(method: string): RpcCall[];
  close(): Promise<void>;
}

export async function startSuiRpcServer(handlers: Record<string, RpcHandler>): Promise<SuiRpcServer> {
  const calls: RpcCall[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const request = JSON.parse(body) as { id: number; method: string; params: unknown[] };
      calls.push({ method: request.method, params: request.params });
      const handler = handlers[request.method];
      const count = calls.filter((call) => call.method === request.method).length;
      const send = (payload: Record<string, unknown>) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ jsonrpc: '2.0', id: request.id, ...payload }));
      };
      const fault = (error: unknown) => {
        const rpcFault = error instanceof RpcFault ? error : new RpcFault(-32603, String(error));
        send({ error: { code: rpcFault.code, message: rpcFault.message } });
      };
      try {
        if (!handler) throw new RpcFault(-32601, `Method not found: ${request.method}`);
        // A handler may answer later, or never (a promise that does not settle), to test timeouts.
        Promise.resolve(handler(request.params, count)).then((result) => send({ result }), fault);
      } catch (error) {
        fault(error);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    callsOf: (method) => calls.filter((call) => call.method === method),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port that was just free and now has nobody listening. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
