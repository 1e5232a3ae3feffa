#!/usr/bin/env node
// Thin launcher: the CLI is compiled to dist/ by `npm run build` (run automatically by `npm install`).
import { main } from '../dist/src/client.js';

// `smi-bench status RUN | head` closes our stdout early: that is not an error.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err) => {
    if (err.code === 'EPIPE') process.exit(0);
    throw err;
  });
}

main(process.argv).then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exitCode = 1;
  },
);
