import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, it, expect } from 'vitest';
import { splitCategorias } from '#shared/categorias';
import { CATEGORIAS } from '#shared/categorias-lista';
import { DEFAULT_DISTANCIA, DIAS, GALLERY_MAX, LOCALIDADES, PUBLICATION_DAYS, URGENCY_DAYS } from '#shared/constants';
import { LIMITS } from '#shared/limites';
import { nationalNumber } from '#shared/rules/contact';
import { distanceMeters, isInsideMendoza, LOCALIDAD_CENTROS } from '#shared/rules/geo';
import { readWeek } from '#shared/rules/horario';
import { checkDia, summarizeHorario } from '#shared/rules/horario-texto';
import { foldAccents as fold } from '#shared/text';
import { SAMPLE_COMERCIOS, sampleComercioCards } from './comercios';

const IMAGES_DIR = new URL('../../server/seed/images/', import.meta.url);
const imageExists = (name: string) => existsSync(fileURLToPath(new URL(name, IMAGES_DIR)));
const promos = SAMPLE_COMERCIOS.flatMap((c) => c.promociones);
const isPaidNow = (dias: number | null) => dias !== null && dias < PUBLICATION_DAYS;

describe('SAMPLE_COMERCIOS', () => {
  it('places every business in Greater Mendoza, within a few kilometres of its locality centre', () => {
    for (const c of SAMPLE_COMERCIOS) {
      expect(isInsideMendoza(c.ubicacion), c.nombre).toBe(true);
      expect(distanceMeters(c.ubicacion, LOCALIDAD_CENTROS[c.localidad]), c.nombre).toBeLessThan(5_000);
    }
  });

  it('has enough businesses, spread over the three localities', () => {
    expect(SAMPLE_COMERCIOS.length).toBeGreaterThanOrEqual(30);
    for (const localidad of LOCALIDADES) {
      expect(SAMPLE_COMERCIOS.filter((c) => c.localidad === localidad).length, localidad).toBeGreaterThanOrEqual(8);
    }
  });

  it('uses 1 to 3 categories per business, spelt as in CATEGORIAS, at least 12 overall', () => {
    const all = new Set<string>();
    for (const c of SAMPLE_COMERCIOS) {
      const cats = splitCategorias(c.categoria);
      expect(cats.length, c.slug).toBeGreaterThanOrEqual(1);
      expect(cats.length, c.slug).toBeLessThanOrEqual(3);
      expect(cats.join(', '), c.slug).toBe(c.categoria);
      for (const cat of cats) {
        expect(CATEGORIAS, c.slug).toContain(cat);
        all.add(cat);
      }
    }
    expect(all.size).toBeGreaterThanOrEqual(12);
  });

  it('has unique kebab-case slugs', () => {
    const slugs = SAMPLE_COMERCIOS.map((c) => c.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('has the image files of every business on disk, and no more gallery images than declared', () => {
    for (const c of SAMPLE_COMERCIOS) {
      expect(c.galeria, c.slug).toBeGreaterThanOrEqual(0);
      expect(c.galeria, c.slug).toBeLessThanOrEqual(GALLERY_MAX - 1);
      expect(imageExists(`${c.slug}.webp`), `${c.slug}.webp`).toBe(true);
      for (let n = 2; n <= GALLERY_MAX; n++) {
        expect(imageExists(`${c.slug}-${n}.webp`), `${c.slug}-${n}.webp`).toBe(n <= c.galeria + 1);
      }
    }
  });

  it('gives every business readable hours for the 7 days', () => {
    for (const c of SAMPLE_COMERCIOS) {
      expect(Object.keys(c.horarioDetallado).sort(), c.slug).toEqual([...DIAS].sort());
      for (const dia of DIAS) {
        expect(checkDia(c.horarioDetallado[dia], dia), `${c.slug} ${dia}`).toMatchObject({ ok: true });
      }
      expect(readWeek(c.horarioDetallado), c.slug).not.toBeNull();
    }
    const kinds = new Set(SAMPLE_COMERCIOS.flatMap((c) => DIAS.map((d) => readWeek(c.horarioDetallado)?.[d].kind)));
    expect([...kinds].sort()).toEqual(['always', 'closed', 'turnos']);
  });

  it('never contradicts itself: every summary says what its per-day hours say', () => {
    for (const c of SAMPLE_COMERCIOS) expect(c.horario, c.slug).toBe(summarizeHorario(c.horarioDetallado));
  });

  it('has a late-night business whose shifts run past midnight', () => {
    const late = SAMPLE_COMERCIOS.filter((c) =>
      DIAS.some((d) => readWeek(c.horarioDetallado)?.[d].kind === 'turnos' && /- 0?[0-2]:/.test(c.horarioDetallado[d])),
    );
    expect(late.length).toBeGreaterThan(0);
  });

  it('keeps ratings, texts and contacts within what the forms accept', () => {
    for (const c of SAMPLE_COMERCIOS) {
      expect(c.rating, c.slug).toBeGreaterThanOrEqual(3.5);
      expect(c.rating, c.slug).toBeLessThanOrEqual(5);
      expect(Math.round(c.rating * 10) / 10, c.slug).toBe(c.rating);
      expect(c.nombre.length).toBeLessThanOrEqual(LIMITS.nombre);
      expect(c.descripcion.length).toBeLessThanOrEqual(LIMITS.descripcion);
      expect(c.horario.length).toBeLessThanOrEqual(LIMITS.horario);
      expect(c.direccion).toMatch(/\d/);
      expect(c.servicios.length).toBeGreaterThan(0);
      expect(nationalNumber(c.telefono), c.telefono).toMatch(/^261\d{7}$/);
      if (c.whatsapp) expect(nationalNumber(c.whatsapp), c.whatsapp).toMatch(/^261\d{7}$/);
      if (c.email) expect(c.email).toMatch(/^[^\s@]+@[^\s@]+\.[a-z]{2,}(\.[a-z]{2})?$/);
      expect(c.promociones.length, c.slug).toBeLessThanOrEqual(3);
    }
    expect(SAMPLE_COMERCIOS.some((c) => c.whatsapp === '')).toBe(true);
    expect(SAMPLE_COMERCIOS.some((c) => c.email === '')).toBe(true);
  });

  it('has targets for accent-insensitive search', () => {
    expect(SAMPLE_COMERCIOS.filter((c) => c.descripcion.includes('Guaymallén')).length).toBeGreaterThanOrEqual(2);
    expect(SAMPLE_COMERCIOS.some((c) => c.nombre.includes('Panadería'))).toBe(true);
  });

  it('covers the payment states: never paid, expired, the last paid day and recently paid', () => {
    const dias = SAMPLE_COMERCIOS.map((c) => c.pagadoHaceDias);
    expect(dias.filter((d) => d === null).length).toBeGreaterThanOrEqual(3);
    expect(dias.filter((d) => d !== null && d >= PUBLICATION_DAYS).length).toBeGreaterThanOrEqual(2);
    expect(dias).toContain(PUBLICATION_DAYS - 1);
    expect(dias.filter((d) => d !== null && d <= 25).length).toBeGreaterThan(SAMPLE_COMERCIOS.length / 2);
  });

  it('has featured businesses, all of them published', () => {
    const destacados = SAMPLE_COMERCIOS.filter((c) => c.destacado);
    expect(destacados.length).toBeGreaterThanOrEqual(3);
    for (const c of destacados) expect(isPaidNow(c.pagadoHaceDias), c.slug).toBe(true);
  });

  it('spreads promotion expiries: expired, urgent, and far ahead', () => {
    expect(promos.length).toBeGreaterThanOrEqual(40);
    expect(promos.filter((p) => p.venceEnDias < 0).length).toBeGreaterThanOrEqual(3);
    expect(promos.filter((p) => p.venceEnDias >= 0 && p.venceEnDias <= URGENCY_DAYS).length).toBeGreaterThanOrEqual(5);
    expect(promos.some((p) => p.venceEnDias === 0)).toBe(true);
    expect(promos.filter((p) => p.venceEnDias > 30).length).toBeGreaterThanOrEqual(5);
    expect(promos.filter((p) => p.activa === false).length).toBeGreaterThanOrEqual(2);
    for (const p of promos) {
      expect(p.titulo.length).toBeLessThanOrEqual(LIMITS.promoTitulo);
      expect(p.descuento.length).toBeLessThanOrEqual(LIMITS.promoDescuento);
      expect(p.descripcion.length).toBeGreaterThan(0);
    }
  });

  it('applies a promotion named after a day on that day, and only then', () => {
    const named = (text: string) => DIAS.filter((d) => new RegExp(`\\b${fold(d)}(es|s)?\\b`).test(fold(text)));
    for (const p of promos) {
      const dias = p.dias ?? [];
      // A day in the title ("Martes de muzza 2x1") is the promotion's day; "todos los lunes" in the description too.
      const inTitle = named(p.titulo);
      const everyWeek = named(p.descripcion.match(/todos los \p{L}+/giu)?.join(' ') ?? '');
      const range = fold(p.descripcion).match(/de (\p{L}+) a (\p{L}+)/u);
      const fromTo = range ? DIAS.filter((d) => fold(d) === range[1] || fold(d) === range[2]) : [];
      const expected = new Set([...inTitle, ...everyWeek]);
      if (fromTo.length === 2)
        DIAS.slice(DIAS.indexOf(fromTo[0]!), DIAS.indexOf(fromTo[1]!) + 1).forEach((d) => expected.add(d));
      if (expected.size) expect([...dias].sort(), p.titulo).toEqual([...expected].sort());
      // A weekly promotion still running meets its day at least once before it expires.
      if (dias.length && p.venceEnDias >= 0) expect(p.venceEnDias, p.titulo).toBeGreaterThanOrEqual(6);
    }
    expect(promos.filter((p) => p.dias?.length).length).toBeGreaterThanOrEqual(6);
  });

  it('has a published business without promotions', () => {
    expect(SAMPLE_COMERCIOS.some((c) => isPaidNow(c.pagadoHaceDias) && c.promociones.length === 0)).toBe(true);
  });
});

describe('sampleComercioCards', () => {
  const now = new Date('2026-03-15T15:00:00Z');
  const cards = sampleComercioCards(now);

  it('returns exactly the published businesses, with ids by position', () => {
    const expected = SAMPLE_COMERCIOS.flatMap((c, i) => (isPaidNow(c.pagadoHaceDias) ? [i + 1] : []));
    expect(cards.map((c) => c.id)).toEqual(expected);
    expect(cards.length).toBeLessThan(SAMPLE_COMERCIOS.length);
    for (const card of cards) {
      const source = SAMPLE_COMERCIOS[card.id - 1];
      expect(source?.nombre).toBe(card.nombre);
      expect(source?.pagadoHaceDias).not.toBeNull();
    }
  });

  it('includes the business paid 29 days ago and leaves out the unpaid and expired ones', () => {
    const nombres = new Set(cards.map((c) => c.nombre));
    for (const c of SAMPLE_COMERCIOS) {
      if (c.pagadoHaceDias === PUBLICATION_DAYS - 1) expect(nombres.has(c.nombre), c.slug).toBe(true);
      if (c.pagadoHaceDias === null || c.pagadoHaceDias >= PUBLICATION_DAYS)
        expect(nombres.has(c.nombre), c.slug).toBe(false);
    }
  });

  it('builds plain cards: no image, the default distance, the sample fields', () => {
    for (const card of cards) {
      expect(card.imagen).toBeNull();
      expect(card.distancia).toBe(DEFAULT_DISTANCIA);
      expect(LOCALIDADES).toContain(card.localidad);
    }
  });

  it('does not depend on the day it is asked', () => {
    expect(sampleComercioCards(new Date('2031-07-01T03:00:00Z'))).toEqual(cards);
  });
});
