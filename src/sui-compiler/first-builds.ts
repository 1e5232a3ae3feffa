// Which builds may start while stubs are still being made. The first build for a dependency set makes the
// stubs it lacks and stores them (move-stubs/stub-cache.ts); a build that would make the same stubs waits
// for it, then reads them from disk. The framework's stubs serve every set over the same framework, so
// until one build has stored them, first builds over that framework run one at a time; after that, first
// builds for different targets run side by side, each making only its own target's stubs.
import { type DependencySource } from '../contracts/sui-build.js';
import { dependencySourceKey } from './dependency-key.js';

const frameworkKey = (source: DependencySource): string =>
  JSON.stringify([source.corpusRoot ?? null, source.frameworkDir ?? null]);

export class FirstBuilds {
  private readonly preparedSets = new Set<string>();
  private readonly preparedFrameworks = new Set<string>();
  private readonly runningSets = new Set<string>();
  /** First builds running, by framework. */
  private readonly runningFrameworks = new Map<string, number>();

  mayStart(source: DependencySource): boolean {
    const set = dependencySourceKey(source);
    if (this.preparedSets.has(set)) return true;
    if (this.runningSets.has(set)) return false;
    const framework = frameworkKey(source);
    return this.preparedFrameworks.has(framework) || !this.runningFrameworks.has(framework);
  }

  started(source: DependencySource): void {
    const set = dependencySourceKey(source);
    if (this.preparedSets.has(set)) return;
    this.runningSets.add(set);
    const framework = frameworkKey(source);
    this.runningFrameworks.set(framework, (this.runningFrameworks.get(framework) ?? 0) + 1);
  }

  /** `stored`: the build got as far as storing its stubs (a crash or a timeout may have stopped it first). */
  finished(source: DependencySource, stored: boolean): void {
    const set = dependencySourceKey(source);
    if (!this.runningSets.delete(set)) return;
    const framework = frameworkKey(source);
    const running = this.runningFrameworks.get(framework)! - 1;
    if (running === 0) this.runningFrameworks.delete(framework);
    else this.runningFrameworks.set(framework, running);
    if (!stored) return;
    this.preparedSets.add(set);
    this.preparedFrameworks.add(framework);
  }
}
