// The in-process baseline: extract each package and print its interface JSON, one after another in this
// process, which is the least work any design has to do per package.
import { extractPackageInterface, formatInterfaceJson } from '../../src/move/index.js';

export async function extractToText(packageDir: string): Promise<string> {
  return formatInterfaceJson(await extractPackageInterface(packageDir));
}

/** Milliseconds per package, in the order given. */
export async function extractEach(packageDirs: string[]): Promise<number[]> {
  const times: number[] = [];
  for (const dir of packageDirs) {
    const started = performance.now();
    await extractToText(dir);
    times.push(performance.now() - started);
  }
  return times;
}
