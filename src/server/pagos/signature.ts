import { createHmac, timingSafeEqual } from 'node:crypto';

/** Notifications older (or further in the future) than this are refused: a captured one cannot be replayed later. */
export const SIGNATURE_MAX_AGE_MS = 5 * 60 * 1000;

/** Mercado Pago's manifest: `id:{data.id};request-id:{x-request-id};ts:{ts};`, leaving out absent parts. */
export function signatureManifest(dataId: string | undefined, requestId: string | undefined, ts: string): string {
  let manifest = '';
  if (dataId) manifest += `id:${dataId};`;
  if (requestId) manifest += `request-id:${requestId};`;
  return `${manifest}ts:${ts};`;
}

export function signNotification(secret: string, dataId: string, requestId: string, ts: string): string {
  const v1 = createHmac('sha256', secret)
    .update(signatureManifest(dataId, requestId, ts))
    .digest('hex');
  return `ts=${ts},v1=${v1}`;
}

export type SignatureCheck = { ok: true } | { ok: false; reason: 'missing' | 'malformed' | 'stale' | 'mismatch' };

/** Checks an `x-signature: ts=…,v1=…` header: HMAC-SHA256 in constant time, and a fresh timestamp (ms). */
export function verifyNotificationSignature(input: {
  secret: string;
  header: string | undefined;
  dataId: string | undefined;
  requestId: string | undefined;
  now: Date;
}): SignatureCheck {
  if (!input.header) return { ok: false, reason: 'missing' };
  const parts = Object.fromEntries(
    input.header.split(',').map((p): [string, string] => {
      const [k = '', ...v] = p.trim().split('=');
      return [k, v.join('=')];
    }),
  );
  const ts = parts.ts;
  const v1 = parts.v1;
  if (!ts || !v1 || !/^\d+$/.test(ts) || !/^[a-f0-9]{64}$/i.test(v1)) return { ok: false, reason: 'malformed' };
  // Mercado Pago sends milliseconds; a value in seconds is read as such.
  const tsMs = ts.length <= 10 ? Number(ts) * 1000 : Number(ts);
  if (Math.abs(input.now.getTime() - tsMs) > SIGNATURE_MAX_AGE_MS) return { ok: false, reason: 'stale' };
  const expected = createHmac('sha256', input.secret)
    .update(signatureManifest(input.dataId, input.requestId, ts))
    .digest();
  const given = Buffer.from(v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected)
    ? { ok: true }
    : { ok: false, reason: 'mismatch' };
}
