// What one `smi-bench doctor` check reports, and how a list of checks is run, fixed and summed up.

/** `warn`: something only some commands need is missing; it does not make doctor fail. */
export type CheckStatus = 'ok' | 'warn' | 'fail';

export interface Fix {
  /** The command a person would type (shown always). */
  command: string;
  /** Only fixes that install into the project or copy a template are run by `--fix`. */
  safe: boolean;
}

export interface CheckResult {
  name: string;
  status: CheckStatus;
  message: string;
  fix?: Fix;
}

/** A check gives one row, or several when its parts depend on each other (a corpus, then a manifest in it). */
export type Check = () => Promise<CheckResult | CheckResult[]>;

export async function runChecks(checks: Check[]): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  // One after another: checks are cheap, and the order of the table is the order of the list.
  for (const check of checks) results.push(...[await check()].flat());
  return results;
}

export function failed(results: CheckResult[]): CheckResult[] {
  return results.filter((r) => r.status === 'fail');
}

/** The distinct safe fixes of the checks that did not pass, in table order. */
export function safeFixes(results: CheckResult[]): string[] {
  const commands = results.filter((r) => r.status !== 'ok' && r.fix?.safe).map((r) => r.fix!.command);
  return [...new Set(commands)];
}
