// Paths as the client sent them are checked before anything else sees them: the URL parser would quietly
// resolve `/runs/%2e%2e/x` to `/x`, and a name decoded twice could become `../`. No page of the view has
// a dot segment, a backslash or an encoded slash in its path, so a path with one is refused outright.
import type { HttpBindings } from '@hono/node-server';
import type { MiddlewareHandler } from 'hono';

/** Decodes until nothing changes (a few rounds at most), so double encoding cannot hide anything. */
function fullyDecoded(segment: string): string {
  let current = segment;
  for (let round = 0; round < 5; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return current;
    }
    if (next === current) return current;
    current = next;
  }
  return current;
}

export function isSafeRawPath(rawTarget: string): boolean {
  const path = rawTarget.split('?')[0]!;
  if (!path.startsWith('/')) return false;
  return path
    .split('/')
    .map(fullyDecoded)
    .every((segment) => segment !== '.' && segment !== '..' && !/[/\\]/.test(segment));
}

export function rawPathGuard(): MiddlewareHandler<{ Bindings: HttpBindings }> {
  return async (c, next) => {
    if (!isSafeRawPath(c.env.incoming.url ?? '')) return c.text('This path is not allowed.\n', 400);
    await next();
  };
}
