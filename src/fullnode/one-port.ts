// One port for both wires: a connection that opens with HTTP/2's preface is gRPC, any other HTTP/1.1. The
// HTTP/1.1 server is the one listening, because Node runs its headers and request timeouts only for a server
// that listens (a connection handed to one that does not is never timed out); its own connection listener
// is called by hand once the first bytes say the connection is HTTP/1.1.
import type { Server as HttpServer } from 'node:http';
import type { Http2Server, Http2Session } from 'node:http2';
import type { Socket } from 'node:net';
import type { Connections } from './connections.js';

/** How HTTP/2's connection preface (`PRI * HTTP/2.0`) starts; no HTTP/1.1 method does. */
const HTTP2_PREFACE = Buffer.from('PRI');

/**
 * Makes `web` hand each admitted connection to itself or to `native` by its first bytes; a connection
 * that sends none within `firstByteTimeoutMs` is closed. Returns the socket under each HTTP/2 session.
 */
export function shareOnePort(
  web: HttpServer,
  native: Http2Server,
  connections: Connections,
  firstByteTimeoutMs: number,
): WeakMap<Http2Session, Socket> {
  const sessionSockets = new WeakMap<Http2Session, Socket>();
  const [toHttp1] = web.listeners('connection') as ((socket: Socket) => void)[];
  if (!toHttp1) throw new Error('node:http did not register its connection listener');
  web.removeListener('connection', toHttp1);
  web.on('connection', (socket: Socket) => {
    socket.on('error', () => socket.destroy());
    if (!connections.admit(socket)) {
      socket.destroy();
      return;
    }
    const silent = () => socket.destroy();
    socket.setTimeout(firstByteTimeoutMs, silent);
    socket.once('data', (first: Buffer) => {
      socket.setTimeout(0);
      socket.removeListener('timeout', silent);
      socket.pause();
      socket.unshift(first);
      // HTTP/2 reads what was put back itself when its session starts; HTTP/1.1 waits for the flow.
      if (first.subarray(0, HTTP2_PREFACE.length).equals(HTTP2_PREFACE)) {
        native.once('session', (session: Http2Session) => sessionSockets.set(session, socket));
        native.emit('connection', socket);
      } else {
        toHttp1.call(web, socket);
        socket.resume();
      }
    });
  });
  return sessionSockets;
}
