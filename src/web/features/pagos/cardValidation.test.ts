import { describe, expect, it } from 'vitest';
import {
  detectBrand,
  expiryValid,
  formatCardNumber,
  formatExpiry,
  luhnValid,
  validateCard,
  type CardFormValues,
} from './cardValidation';

const NOW = new Date(2026, 10, 22); // 22 Nov 2026
const VALID: CardFormValues = {
  number: '4509 9535 6623 3704',
  holder: 'APRO',
  expiry: '11/30',
  code: '123',
  dni: '12345678',
  email: 'test_user@testuser.com',
};

describe('card checks', () => {
  it('accepts the test cards by Luhn and rejects a changed digit', () => {
    for (const n of [
      '4509953566233704',
      '5031755734530604',
      '371180303257522',
      '5287338310253304',
      '4002768694395619',
    ]) {
      expect(luhnValid(n)).toBe(true);
    }
    expect(luhnValid('4509953566233705')).toBe(false);
    expect(luhnValid('1234')).toBe(false);
  });

  it('detects the brand from the first digits', () => {
    expect(detectBrand('4509 9535')).toBe('visa');
    expect(detectBrand('5031 7557')).toBe('master');
    expect(detectBrand('3711 803032')).toBe('amex');
    expect(detectBrand('3411')).toBe('amex');
    expect(detectBrand('6011')).toBeNull();
    expect(detectBrand('')).toBeNull();
  });

  it('formats the number in groups (Amex 4-6-5) and the expiry with its slash', () => {
    expect(formatCardNumber('4509953566233704')).toBe('4509 9535 6623 3704');
    expect(formatCardNumber('371180303257522')).toBe('3711 803032 57522');
    expect(formatCardNumber('45a09')).toBe('4509');
    expect(formatExpiry('1130')).toBe('11/30');
    expect(formatExpiry('11')).toBe('11');
    expect(formatExpiry('11/3')).toBe('11/3');
  });

  it('takes the current month as valid and earlier months or bad months as invalid', () => {
    expect(expiryValid('11/26', NOW)).toBe(true);
    expect(expiryValid('10/26', NOW)).toBe(false);
    expect(expiryValid('13/30', NOW)).toBe(false);
    expect(expiryValid('00/30', NOW)).toBe(false);
    expect(expiryValid('1130', NOW)).toBe(false);
  });

  it('finds no problem in the approved test data', () => {
    expect(validateCard(VALID, NOW)).toEqual({});
    expect(validateCard({ ...VALID, dni: '12.345.678' }, NOW)).toEqual({});
  });

  it('reports each wrong field', () => {
    const errors = validateCard(
      { number: '4509 9535 6623 3705', holder: ' ', expiry: '01/20', code: '12', dni: '12ab', email: 'no-email' },
      NOW,
    );
    expect(Object.keys(errors).sort()).toEqual(['code', 'dni', 'email', 'expiry', 'holder', 'number']);
    expect(validateCard({ ...VALID, number: '3711 803032 57522', code: '123' }, NOW).code).toBe(
      'El código tiene 4 dígitos',
    );
    expect(validateCard({ ...VALID, number: '3711 803032 57522', code: '1234' }, NOW)).toEqual({});
  });
});
