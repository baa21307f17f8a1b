import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/** The socket's remote address, or null for an in-process request (tests' app.request()). */
export function socketAddress(c: Context): string | null {
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null;
  }
}

export function isLoopback(address: string | null): boolean {
  return address !== null && LOOPBACK.test(address);
}

/**
 * The caller's address: the socket's, or with TRUST_PROXY the address our proxy appended to
 * X-Forwarded-For (the last entry: earlier ones are whatever the client sent).
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  return socketAddress(c) ?? 'unknown';
}
