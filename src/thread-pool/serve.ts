// The thread side of a ThreadPool (pool.ts): answers each request the pool posts with its handler's result.
// A handler that throws is reported as such, and the pool retires the thread.
import { parentPort } from 'node:worker_threads';

export interface ThreadRequest<Request> {
  id: number;
  request: Request;
}

/** A job's answer, or (once, first) word that the thread has loaded and listens. */
export type ThreadAnswer<Result> =
  { id: number; result: Result; retire?: boolean } | { id: number; thrown: string } | { ready: true };

/** What a handler returns: its result, and whether the thread is fit for another job. */
export interface Handled<Result> {
  result: Result;
  retire?: boolean;
}

export function serveThreadJobs<Request, Result>(
  handle: (request: Request) => Promise<Handled<Result>>,
): void {
  const port = parentPort;
  if (!port) throw new Error('this module runs only as a worker thread');
  port.on('message', (message: ThreadRequest<Request>) => {
    const answer = (reply: ThreadAnswer<Result>) => port.postMessage(reply);
    handle(message.request).then(
      (handled) => answer({ id: message.id, ...handled }),
      (error: unknown) => answer({ id: message.id, thrown: String(error) }),
    );
  });
  port.postMessage({ ready: true } satisfies ThreadAnswer<Result>);
}
