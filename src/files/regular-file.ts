// The one way smi-bench reads a file of a corpus, which is untrusted input: only a regular file, and at most
// a given size. A FIFO, socket or device is refused without being opened, because opening one for reading
// can block (a FIFO with no writer blocks the thread that opens it: the main thread for a synchronous call,
// a thread-pool thread for fs/promises) and reading a device need never end. A symbolic link is followed:
// corpora are assembled from links, and a link to a regular file reads as that file.
// The check is made twice: by path before opening, then on the open descriptor, which is opened
// non-blocking so that a FIFO put in the file's place between the two cannot block the open either.
// Calls are synchronous: corpus files are small and local, and a few microseconds each this way.
import { closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats } from 'node:fs';
import { fsErrorCode } from './fs-error.js';

export type CorpusFileProblem = 'missing' | 'not_a_file' | 'too_large' | 'unreadable';

/** A corpus file that cannot be read; the message names the path and why. */
export class CorpusFileError extends Error {
  override readonly name = 'CorpusFileError';

  constructor(
    readonly problem: CorpusFileProblem,
    readonly path: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface FileLimit {
  /** The largest size read. */
  maxBytes: number;
  /** What the limit is, for the message (`for one module`). */
  what?: string;
}

// O_NOCTTY: a terminal device never becomes the process's controlling terminal, should one slip through.
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY;

function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a FIFO';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  return 'not a regular file';
}

/** `stats` when they are a regular file within the limit. @throws CorpusFileError not_a_file | too_large */
function checked(path: string, stats: Stats, limit: FileLimit): Stats {
  if (!stats.isFile()) {
    const kind = kindOf(stats);
    const what = kind === 'not a regular file' ? kind : `${kind}, not a regular file`;
    throw new CorpusFileError('not_a_file', path, `${path} is ${what}`);
  }
  if (stats.size > limit.maxBytes) {
    throw new CorpusFileError(
      'too_large',
      path,
      `${path} has ${stats.size} bytes, more than the ${limit.maxBytes} allowed${limit.what ? ` ${limit.what}` : ''}`,
    );
  }
  return stats;
}

function failure(path: string, error: unknown, verb: string): CorpusFileError {
  const code = fsErrorCode(error);
  if (code === 'ENOENT')
    return new CorpusFileError('missing', path, `${path} does not exist`, { cause: error });
  const why = error instanceof Error ? error.message : String(error);
  return new CorpusFileError('unreadable', path, `cannot ${verb} ${path}: ${why}`, { cause: error });
}

/**
 * The stats of a regular file within the limit (a link followed), without opening it.
 * @throws CorpusFileError
 */
export function regularFileStats(path: string, limit: FileLimit): Stats {
  let stats: Stats;
  try {
    stats = statSync(path);
  } catch (error) {
    throw failure(path, error, 'read');
  }
  return checked(path, stats, limit);
}

/**
 * The bytes of a regular file within the limit (a link followed). Never blocks on a FIFO or device.
 * @throws CorpusFileError
 */
export function readRegularFile(path: string, limit: FileLimit): Buffer {
  regularFileStats(path, limit);
  let fd: number;
  try {
    fd = openSync(path, OPEN_FLAGS);
  } catch (error) {
    throw failure(path, error, 'open');
  }
  try {
    const { size } = checked(path, fstatSync(fd), limit);
    const bytes = Buffer.alloc(size);
    let filled = 0;
    while (filled < size) {
      const read = readSync(fd, bytes, filled, size - filled, filled);
      if (read === 0) break; // cut short since the stat: what is there is what the file holds
      filled += read;
    }
    return bytes.subarray(0, filled);
  } catch (error) {
    if (error instanceof CorpusFileError) throw error;
    throw failure(path, error, 'read');
  } finally {
    closeSync(fd);
  }
}
