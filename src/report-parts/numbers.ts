// How pages print numbers: every rate, mean and score with three decimals (0.417), so a page never shows
// 0.4173076923076923 beside 0.4173; the exact value stays in a cell's data-v for sorting and for tools.

export const RATE_DIGITS = 3;

/** A rate, mean or score as pages print it. */
export function formatRate(value: number): string {
  return value.toFixed(RATE_DIGITS);
}
