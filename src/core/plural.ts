// Counts in sentences: "1 package", "3 packages". Pure.

/** `n` and the word, in the plural unless n is 1 (words with a plain -s plural). */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
