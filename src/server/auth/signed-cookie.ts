import { createHmac, timingSafeEqual } from 'node:crypto';
import { type Cookies, parseCookie } from 'cookie';

/**
 * A base64 HMAC-SHA256: 44 characters of the standard alphabet ending in "=". Better Call refuses any other shape
 * unverified (its `atob` also refuses base64url's "-" and "_", which Node's decoder would accept).
 */
const SIGNATURE = /^[A-Za-z0-9+/]{43}=$/;

/**
 * The value of a signed cookie as Better Call signs it (`value.base64(HMAC-SHA256(secret, value))`,
 * URI-encoded): the value when the signature matches, null when the cookie is absent or malformed, false
 * when the signature is wrong. The same answers as Better Call's `getSignedCookie`, computed synchronously:
 * its WebCrypto `importKey` and `verify` each resolve on a later turn of the event loop, two waits behind
 * every other request on a busy server before a signed-in request can even reach the database (ADR 008).
 */
export function readSignedCookie(cookies: Cookies, name: string, secret: string): string | null | false {
  const raw = cookies[name];
  if (!raw) return null;
  const dot = raw.lastIndexOf('.');
  if (dot < 1) return null;
  const value = raw.slice(0, dot);
  const signature = raw.slice(dot + 1);
  if (!SIGNATURE.test(signature)) return null;
  const expected = createHmac('sha256', secret).update(value).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : false;
}

/** A Cookie header's cookies by name (the first of a repeated name, URI-decoded, as Better Call reads them). */
export const readCookies = (cookieHeader: string | undefined): Cookies =>
  cookieHeader ? parseCookie(cookieHeader) : {};
