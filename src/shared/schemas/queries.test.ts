import { describe, expect, it } from 'vitest';
import { favoritoParams } from './favoritos';
import { comercioListQuery, idParam } from './queries';

const message = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message;

describe('numbers from a URL', () => {
  it('take an id only as digits, so a business has one address', () => {
    expect(idParam.parse({ id: '16' })).toEqual({ id: 16 });
    expect(idParam.parse({ id: 16 })).toEqual({ id: 16 });
    for (const id of ['0x10', ' 16', '16.0', '1e1', '+16', '16 ', '', '0', '2147483648'])
      expect(message(idParam.safeParse({ id })), JSON.stringify(id)).toBe('Identificador inválido.');
    expect(favoritoParams.safeParse({ kind: 'comercio', id: '0x10' }).success).toBe(false);
    expect(favoritoParams.parse({ kind: 'comercio', id: '12' })).toEqual({ kind: 'comercio', id: 12 });
  });

  it('say what is wrong with a page', () => {
    const page = (value: unknown) => message(comercioListQuery.safeParse({ page: value }));
    expect(comercioListQuery.parse({}).page).toBe(1);
    expect(comercioListQuery.parse({ page: '3' }).page).toBe(3);
    expect(page('abc')).toBe('La página debe ser un número.');
    expect(page('0x2')).toBe('La página debe ser un número.');
    expect(page('1.5')).toBe('La página debe ser un número entero.');
    expect(page('-1')).toBe('La página debe ser 1 o mayor.');
    expect(page('99999')).toBe('La página puede ser como máximo 10000.');
    expect(page(['1', '2'])).toBe('Indicá una sola página.');
  });
});
