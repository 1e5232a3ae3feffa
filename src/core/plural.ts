// Counts in sentences: "1 package", "3 packages", "2 retries". Pure.

/** `n` and the word, in the plural unless n is 1 (`many`: a plural other than the plain -s one). */
export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`;
}
