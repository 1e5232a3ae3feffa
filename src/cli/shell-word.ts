// Text as one word of a POSIX shell, for the commands smi-bench suggests: a user pastes them as printed,
// whatever spaces or quotes a path holds.

/** The text as is when the shell reads it as one word, else in single quotes (a quote inside closed and reopened). */
export function shellWord(text: string): string {
  return /^[\w./:@%+=,-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}
