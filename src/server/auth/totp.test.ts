import { describe, expect, it } from 'vitest';
import { totpCode as appCode } from '#test/server/totp';
import { stepOfCode, totpCode, totpStep } from './totp';

// RFC 6238, appendix B (SHA-1 key "12345678901234567890"): the 8-digit codes' last 6 digits.
const RFC_KEY = '12345678901234567890';
const RFC_VECTORS: Array<[number, string]> = [
  [59, '287082'],
  [1111111109, '081804'],
  [1111111111, '050471'],
  [1234567890, '005924'],
  [2000000000, '279037'],
];

describe('TOTP', () => {
  it.each(RFC_VECTORS)('matches RFC 6238 at %i s', (seconds, code) => {
    expect(totpCode(RFC_KEY, totpStep(seconds * 1000))).toBe(code);
  });

  it('agrees with what an authenticator app shows for the otpauth:// URI of the same secret', () => {
    const secret = '6lIxUQ3mTpocL3bbmOTDLJDZYrGTvv9N';
    const base32 = 'GZWES6CVKEZW2VDQN5RUYM3CMJWU6VCEJRFEIWSZOJDVI5TWHFHA';
    const at = Date.UTC(2026, 10, 27, 12, 0, 0);
    expect(totpCode(secret, totpStep(at))).toBe(appCode(`otpauth://totp/V:x?secret=${base32}&period=30`, at));
  });

  it('finds the step of a code up to two steps away, and nothing further', () => {
    const at = Date.UTC(2026, 10, 27, 12, 0, 10);
    const now = totpStep(at);
    for (const offset of [-2, -1, 0, 1, 2]) {
      expect(stepOfCode(RFC_KEY, totpCode(RFC_KEY, now + offset), at)).toBe(now + offset);
    }
    expect(stepOfCode(RFC_KEY, totpCode(RFC_KEY, now - 3), at)).toBeNull();
    expect(stepOfCode(RFC_KEY, totpCode(RFC_KEY, now + 3), at)).toBeNull();
    expect(stepOfCode(RFC_KEY, 'abcdef', at)).toBeNull();
  });
});
