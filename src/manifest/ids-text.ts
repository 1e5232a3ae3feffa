// The text of an ids file as the manifest tools write it: one id per line, a newline after the last one,
// and an empty file for no ids.
export const idsText = (ids: readonly string[]): string => (ids.length > 0 ? ids.join('\n') + '\n' : '');
