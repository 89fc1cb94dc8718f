import { describe, expect, it } from 'vitest';
import { signatureManifest, signNotification, verifyNotificationSignature } from './signature';

// A vector computed independently: printf '<manifest>' | openssl dgst -sha256 -hmac 'your-webhook-secret'
const SECRET = 'your-webhook-secret';
const DATA_ID = 'ORD01JQ4S4KY8HWQ6NA5PXB65B3D3';
const REQUEST_ID = 'bb56a2f1-6aae-46ac-982e-9dcd3581d08e';
const TS = '1742505638683';
const V1 = 'ceb46ec9d3a942c36098924c83ef68eb9a1c2ac768bcaa35b10d4c850db56e0a';
const AT = new Date(Number(TS) + 1000);

const check = (
  header: string | undefined,
  overrides: Partial<{ dataId: string; requestId: string; now: Date; secret: string }> = {},
) =>
  verifyNotificationSignature({
    secret: SECRET,
    header,
    dataId: DATA_ID,
    requestId: REQUEST_ID,
    now: AT,
    ...overrides,
  });

describe('webhook signature', () => {
  it('builds the documented manifest, leaving out absent parts', () => {
    expect(signatureManifest(DATA_ID, REQUEST_ID, TS)).toBe(`id:${DATA_ID};request-id:${REQUEST_ID};ts:${TS};`);
    expect(signatureManifest(undefined, REQUEST_ID, TS)).toBe(`request-id:${REQUEST_ID};ts:${TS};`);
  });

  it('accepts the known-good vector and signs it identically', () => {
    expect(check(`ts=${TS},v1=${V1}`)).toEqual({ ok: true });
    expect(check(` ts=${TS} , v1=${V1} `)).toEqual({ ok: true });
    expect(signNotification(SECRET, DATA_ID, REQUEST_ID, TS)).toBe(`ts=${TS},v1=${V1}`);
  });

  it('refuses anything tampered with', () => {
    expect(check(`ts=${TS},v1=${V1.replace(/^c/, 'd')}`)).toEqual({ ok: false, reason: 'mismatch' });
    expect(check(`ts=${TS},v1=${V1}`, { dataId: 'ORD01OTHER' })).toEqual({ ok: false, reason: 'mismatch' });
    expect(check(`ts=${TS},v1=${V1}`, { requestId: 'another-request' })).toEqual({ ok: false, reason: 'mismatch' });
    expect(check(`ts=${TS},v1=${V1}`, { secret: 'wrong-secret' })).toEqual({ ok: false, reason: 'mismatch' });
    expect(check(`ts=${Number(TS) + 1},v1=${V1}`)).toEqual({ ok: false, reason: 'mismatch' });
  });

  it('refuses old (and far-future) timestamps even with a valid HMAC', () => {
    expect(check(`ts=${TS},v1=${V1}`, { now: new Date(Number(TS) + 6 * 60_000) })).toEqual({
      ok: false,
      reason: 'stale',
    });
    expect(check(`ts=${TS},v1=${V1}`, { now: new Date(Number(TS) - 6 * 60_000) })).toEqual({
      ok: false,
      reason: 'stale',
    });
  });

  it('refuses missing or malformed headers', () => {
    expect(check(undefined)).toEqual({ ok: false, reason: 'missing' });
    expect(check('v1=abc')).toEqual({ ok: false, reason: 'malformed' });
    expect(check(`ts=${TS},v1=not-hex`)).toEqual({ ok: false, reason: 'malformed' });
  });
});
