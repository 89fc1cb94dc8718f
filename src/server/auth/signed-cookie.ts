import { createHmac, timingSafeEqual } from 'node:crypto';
import { parseCookie } from 'cookie';

/** A base64 HMAC-SHA256 is 44 characters ending in "=": Better Call refuses any other shape unverified. */
const SIGNATURE_LENGTH = 44;

/**
 * The value of a signed cookie as Better Call signs it (`value.base64(HMAC-SHA256(secret, value))`,
 * URI-encoded): the value when the signature matches, null when the cookie is absent or malformed, false
 * when the signature is wrong. The same answers as Better Call's `getSignedCookie`, computed synchronously:
 * its WebCrypto `importKey` and `verify` each resolve on a later turn of the event loop, two waits behind
 * every other request on a busy server before a signed-in request can even reach the database (ADR 008).
 */
export function readSignedCookie(
  cookieHeader: string | undefined,
  name: string,
  secret: string,
): string | null | false {
  if (!cookieHeader) return null;
  const raw = parseCookie(cookieHeader)[name];
  if (!raw) return null;
  const dot = raw.lastIndexOf('.');
  if (dot < 1) return null;
  const value = raw.slice(0, dot);
  const signature = raw.slice(dot + 1);
  if (signature.length !== SIGNATURE_LENGTH || !signature.endsWith('=')) return null;
  const expected = createHmac('sha256', secret).update(value).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : false;
}

/** Whether the request carries a cookie of this name at all (signed or not). */
export function hasCookie(cookieHeader: string | undefined, name: string): boolean {
  return !!cookieHeader && parseCookie(cookieHeader)[name] !== undefined;
}
