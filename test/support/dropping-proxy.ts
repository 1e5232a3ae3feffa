// A TCP proxy on 127.0.0.1 in front of a server that drops the first few connections the moment they open,
// as a flaky network or a restarting load balancer does; later connections pass through untouched.
import { createConnection, createServer, type Server } from 'node:net';

export interface DroppingProxy {
  url: string;
  dropped(): number;
  close(): Promise<void>;
}

export async function startDroppingProxy(target: URL, drops: number): Promise<DroppingProxy> {
  let dropped = 0;
  const server: Server = createServer((socket) => {
    if (dropped < drops) {
      dropped += 1;
      socket.destroy();
      return;
    }
    const upstream = createConnection({ host: target.hostname, port: Number(target.port) });
    socket.pipe(upstream).pipe(socket);
    const close = () => {
      socket.destroy();
      upstream.destroy();
    };
    socket.on('error', close);
    upstream.on('error', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    dropped: () => dropped,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
