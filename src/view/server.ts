// The view's HTTP server: the app on Node's HTTP server, listening where it was asked to.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { viewApp } from './app.js';
import { isLoopbackAddress } from './host-guard.js';
import { LogDir } from './log-dir.js';
import type { TemporalReader } from './temporal.js';

export interface ViewServerOptions {
  logDir: string;
  host: string;
  /** 0: any free port. */
  port: number;
  temporal: TemporalReader;
}

export interface RunningView {
  url: string;
  /** Whether it listens on loopback only (and then answers only requests addressed to loopback). */
  loopbackOnly: boolean;
  close(): Promise<void>;
}

/** Listens; rejects with the system's error (EADDRINUSE, EADDRNOTAVAIL, ENOTFOUND …) when it cannot. */
export async function startViewServer(options: ViewServerOptions): Promise<RunningView> {
  // The app is made once the address is known: whether the Host guard applies depends on it.
  let app: ReturnType<typeof viewApp> | null = null;
  const server = createAdaptorServer({
    fetch: (request, env) => (app ? app.fetch(request, env) : new Response(null, { status: 503 })),
  }) as Server;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  const loopbackOnly = isLoopbackAddress(address);
  app = viewApp({ logDir: new LogDir(options.logDir), temporal: options.temporal, loopbackOnly });
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}/`,
    loopbackOnly,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
