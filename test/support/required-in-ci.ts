// A test that needs a tool CI installs (the sui-sandbox wheel, strace, js-yaml) may skip on a developer's
// machine without it, never in CI: there, CI=true makes it run, and fail if the tool is missing.
export const IN_CI = process.env.CI === 'true';

/** Whether to skip: only outside CI, and only when the tool is missing. */
export function skipUnlessCi(available: boolean): boolean {
  return !available && !IN_CI;
}
