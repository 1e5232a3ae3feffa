// Builds that share a dependency set share its stubs: the set's key.
import type { DependencySource } from '../contracts/sui-build.js';

/** One string per dependency set: builds with the same key get the same stubs. */
export const dependencySourceKey = (source: DependencySource): string =>
  JSON.stringify([source.corpusRoot ?? null, source.frameworkDir ?? null, source.targetId ?? null]);
