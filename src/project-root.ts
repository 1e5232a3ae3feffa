// The project's root folder, whether this code runs from src/ (tests) or from the build in dist/src/.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));

export const PROJECT_ROOT = here.includes('/dist/') ? resolve(here, '..', '..') : resolve(here, '..');
