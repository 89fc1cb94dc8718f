// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { writeDeviceFavoritos } from '#web/lib/favoritos';

/** The offline page as the service worker serves it (public/offline.html), its script run on it. */
async function openOfflinePage() {
  const html = readFileSync(path.join(import.meta.dirname, '../public/offline.html'), 'utf8');
  document.documentElement.innerHTML = html.replace(/^<!doctype html>\s*<html[^>]*>/i, '').replace(/<\/html>\s*$/, '');
  vi.resetModules();
  await import('./offline-page');
}

describe('the offline page (ADR 050)', () => {
  beforeEach(() => localStorage.clear());

  it('lists the favourites the app saved on the device: businesses as links by id, promotions by name', async () => {
    writeDeviceFavoritos([
      { kind: 'comercio', id: 12, nombre: 'Panadería La Espiga de Oro' },
      { kind: 'promocion', id: 3, nombre: '2x1 en facturas' },
      { kind: 'comercio', id: 4, nombre: 'Ferretería El Tornillo' },
    ]);
    await openOfflinePage();
    const links = [...document.querySelectorAll<HTMLAnchorElement>('#favoritos a')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Panadería La Espiga de Oro', '/comercio/12'],
      ['Ferretería El Tornillo', '/comercio/4'],
    ]);
    expect(document.querySelector('#favoritos')!.textContent).toContain('2x1 en facturas');
    expect(document.querySelectorAll('#favoritos h3')).toHaveLength(2);
  });

  it('says there are none when nothing (or nothing readable) is saved', async () => {
    localStorage.setItem('vidriera.favoritos', '{no es json');
    await openOfflinePage();
    expect(document.querySelector('#favoritos')!.textContent).toContain(
      'Todavía no guardaste favoritos en este teléfono.',
    );
    expect(document.querySelectorAll('#favoritos a')).toHaveLength(0);
  });
});
