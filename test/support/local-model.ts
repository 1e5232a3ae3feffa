// The local model the setup script installs, as the tests know it: whether it is there (CI installs it, so
// its tests never skip there) and the SHA-256 the script pins, an independent record of the file.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_LOCAL_MODEL_PATH } from '../../src/agents/local-model-file.js';
import { PROJECT_ROOT } from './paths.js';
import { skipUnlessCi } from './required-in-ci.js';

export const PINNED_MODEL_SHA256 = /^MODEL_SHA256="([0-9a-f]{64})"$/m.exec(
  readFileSync(join(PROJECT_ROOT, 'scripts', 'install-model.sh'), 'utf8'),
)![1]!;

/** For `describe.skipIf`: skip only outside CI, when the model is not installed. */
export const withoutLocalModel = skipUnlessCi(existsSync(DEFAULT_LOCAL_MODEL_PATH));
