// A server on loopback is still reachable from web pages the user opens: a site whose name is made to
// resolve to 127.0.0.1 (DNS rebinding) could read the runs through the browser. Such requests carry the
// site's name in their Host header, so a loopback server answers only requests addressed to a loopback name.
import { isIP } from 'node:net';
import type { MiddlewareHandler } from 'hono';

/** 127.0.0.0/8, ::1 (however written), and IPv4 loopback written as an IPv6 address. */
export function isLoopbackAddress(address: string): boolean {
  const v4 = address.toLowerCase().startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  // The URL parser writes an IPv6 address in its one canonical form.
  return isIP(address) === 6 && new URL(`http://[${address}]/`).hostname === '[::1]';
}

/** The host name of a Host header (`localhost:8390` → `localhost`, `[::1]:8390` → `::1`). */
function hostName(header: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(header);
  if (bracketed) return bracketed[1]!;
  return header.replace(/:\d+$/, '');
}

export function isLoopbackHost(header: string | undefined): boolean {
  if (!header) return false;
  const name = hostName(header.toLowerCase());
  return name === 'localhost' || isLoopbackAddress(name);
}

/** Refuses, with 403, requests whose Host header names anything but this machine's loopback. */
export function loopbackHostGuard(): MiddlewareHandler {
  return async (c, next) => {
    if (!isLoopbackHost(c.req.header('host'))) {
      return c.text('This server answers only requests addressed to localhost or a loopback address.\n', 403);
    }
    await next();
  };
}
