import { createHmac } from 'node:crypto';

/** Better Auth's TOTP settings (its defaults, which createAuth keeps): 30-second steps, 6 digits, HMAC-SHA-1. */
const TOTP_PERIOD_S = 30;
const DIGITS = 6;
/**
 * Better Auth accepts the code of the current step and of one step either side. Ours looks one step further each
 * way, because it runs a moment after Better Auth's check, possibly across a step boundary.
 */
const SEARCH_WINDOW = 2;

/** The time step of a moment (RFC 6238's T). */
export const totpStep = (atMs: number): number => Math.floor(atMs / 1000 / TOTP_PERIOD_S);

/**
 * The code for one time step (RFC 4226's HOTP with the step as counter). The key is the secret's own
 * characters, as Better Auth uses it (the otpauth:// URI carries their base32).
 */
export function totpCode(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', Buffer.from(secret, 'utf8')).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** DIGITS;
  return String(value).padStart(DIGITS, '0');
}

/**
 * Which time step a code belongs to, among the steps around `atMs` that Better Auth may have accepted; the latest
 * when two match (refusing more, never less), null when none does.
 */
export function stepOfCode(secret: string, code: string, atMs: number): number | null {
  const now = totpStep(atMs);
  for (let step = now + SEARCH_WINDOW; step >= now - SEARCH_WINDOW; step--) {
    if (totpCode(secret, step) === code) return step;
  }
  return null;
}
