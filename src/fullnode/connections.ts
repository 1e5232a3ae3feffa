// The node's open connections, oldest first, and which of them have a method running. Past the cap a new
// connection takes the place of the oldest one that is only waiting on its client (silent, slow, idle), so a
// flood of idle sockets cannot keep a real client out; Node's own `maxConnections` would turn the newcomer
// away instead. A connection whose method is running is never dropped for being quiet: the node is the slow
// one then.
import type { Socket } from 'node:net';

export class Connections {
  /** Each open socket and how many of its requests have a method running; a Map keeps opening order. */
  private readonly open = new Map<Socket, { running: number }>();

  constructor(private readonly cap: number) {}

  /** Takes a new connection in, making room if needed; false: every place is working, refuse it. */
  admit(socket: Socket): boolean {
    if (this.open.size >= this.cap) {
      const idle = [...this.open].find(([, state]) => state.running === 0);
      if (!idle) return false;
      this.forget(idle[0]);
      idle[0].destroy();
    }
    this.open.set(socket, { running: 0 });
    socket.once('close', () => this.forget(socket));
    return true;
  }

  private forget(socket: Socket): void {
    this.open.delete(socket);
  }

  /** Runs `work` with the connection counted as working. */
  async working<T>(socket: Socket, work: () => Promise<T>): Promise<T> {
    const state = this.open.get(socket);
    if (state) state.running += 1;
    try {
      return await work();
    } finally {
      if (state) state.running -= 1;
    }
  }

  isWorking(socket: Socket): boolean {
    return (this.open.get(socket)?.running ?? 0) > 0;
  }

  destroyAll(): void {
    for (const socket of this.open.keys()) socket.destroy();
    this.open.clear();
  }
}
