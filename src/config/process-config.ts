// The process's own settings (ports, threads, folders, capacity), read from its environment once. Entry
// points (the CLI's main, a command, a worker) call it first, so a bad value stops the process before it
// starts anything, and pass the values down; the rooms below never read the environment themselves.
import type { EnvSource } from './env-values.js';
import { readConfig } from './read.js';
import { PROCESS_VARIABLES, type ProcessConfig } from './variables.js';

let read: ProcessConfig | undefined;

/** The process's settings from `env` (a worker started by a test, say, gives its own). */
export function readProcessConfig(env: EnvSource): ProcessConfig {
  return readConfig(env, {}, PROCESS_VARIABLES);
}

/** This process's settings, from its environment, read on the first call (main() makes it early). */
export function processConfig(): ProcessConfig {
  read ??= readProcessConfig(process.env);
  return read;
}
