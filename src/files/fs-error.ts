// The `code` of a Node file-system error (ENOENT, EACCES, ...), if it has one.
export function fsErrorCode(e: unknown): string | undefined {
  return typeof e === 'object' && e !== null && 'code' in e
    ? String((e as { code: unknown }).code)
    : undefined;
}
