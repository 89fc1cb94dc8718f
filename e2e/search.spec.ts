/** Search on a phone finds what the placeholder promises: promotions, services and localities too. */
import { expect, test, type Page } from '@playwright/test';
import { expectGridNames, gridCards, gridNames, openHome, searchBox } from './support/app';
import { byName, fold, matchesOwnFields, matchingPromo, PUBLISHED, publishedNames } from './support/sample';

async function search(page: Page, q: string) {
  await searchBox(page).fill(q);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(q)}(&|$)`));
  await expectGridNames(page, publishedNames({ q }));
}

/** What the card says about the promotion it was found through. */
function promoLine(nombre: string, q: string): string {
  const promo = matchingPromo(byName(nombre), q)!;
  const label = fold(promo.titulo).includes(fold(promo.descuento))
    ? promo.titulo
    : `${promo.titulo} (${promo.descuento})`;
  return `Promo: ${label}`;
}

const card = (page: Page, nombre: string) =>
  gridCards(page).filter({ has: page.getByRole('heading', { level: 3, name: nombre }) });

test('words of active promotions find their business, and the card says which promotion matched', async ({ page }) => {
  await openHome(page);
  await search(page, 'muzza');
  expect(publishedNames({ q: 'muzza' })).toEqual(['Pizzería La Tana']);
  await expect(card(page, 'Pizzería La Tana')).toContainText(promoLine('Pizzería La Tana', 'muzza'));

  await search(page, '2x1');
  const viaPromo = PUBLISHED.filter((c) => !matchesOwnFields(c, '2x1') && matchingPromo(c, '2x1'));
  expect(viaPromo.length).toBeGreaterThanOrEqual(5);
  for (const c of viaPromo) await expect(card(page, c.nombre)).toContainText(promoLine(c.nombre, '2x1'));
});

test('a business that mentions the word itself comes before one found through a promotion', async ({ page }) => {
  await openHome(page);
  await search(page, 'Palta');
  await expect(gridNames(page)).toHaveText(['Verdulería El Huerto de Lola', 'Café del Arbolito']);
  await expect(card(page, 'Verdulería El Huerto de Lola')).not.toContainText('Promo:');
  await expect(card(page, 'Café del Arbolito')).toContainText(promoLine('Café del Arbolito', 'palta'));
});

test('the locality name finds every business of that locality, with or without accents', async ({ page }) => {
  await openHome(page);
  for (const [q, localidad] of [
    ['godoy', 'Godoy Cruz'],
    ['guaymallen', 'Guaymallen'],
    ['GUAYMALLÉN', 'Guaymallen'],
  ] as const) {
    await search(page, q);
    expect(publishedNames({ q })).toEqual(expect.arrayContaining(publishedNames({ localidad })));
  }
});
