import { describe, expect, it } from 'vitest';
import { endsSession, isImage, isPublicApi, isPublicPage, isStorableAnswer } from './offline';

describe('what the service worker may keep (ADR 050)', () => {
  it('keeps the public pages only: never an owner, account or operator page', () => {
    for (const path of ['/', '/promociones', '/comercio/12', '/comercio/12-panaderia-la-espiga'])
      expect(isPublicPage(path), path).toBe(true);
    for (const path of [
      '/mis-comercios',
      '/mis-comercios/comprobante/3',
      '/registrar',
      '/mi-cuenta',
      '/operador',
      '/operador/pagos',
      '/comercio/12/editar',
      '/favoritos',
      '/nueva-contrasena',
    ])
      expect(isPublicPage(path), path).toBe(false);
  });

  it('keeps the public API answers only: never an owner, account, operator or payment endpoint', () => {
    for (const path of [
      '/api/comercios',
      '/api/comercios/mapa',
      '/api/comercios/categorias',
      '/api/comercios/12',
      '/api/comercios/12/opiniones',
      '/api/promociones',
      '/api/promociones/destacadas',
      '/api/promociones/categorias',
      '/api/favoritos',
    ])
      expect(isPublicApi(path), path).toBe(true);
    for (const path of [
      '/api/mis-comercios',
      '/api/mis-favoritos',
      '/api/comercios/12/editar',
      '/api/comercios/12/estadisticas',
      '/api/comercios/12/pagos',
      '/api/comercios/12/mi-opinion',
      '/api/comercios/12/revision',
      '/api/auth/get-session',
      '/api/operador/me',
      '/api/pagos/3/comprobante',
      '/api/cuenta/eliminar',
      '/api/health',
    ])
      expect(isPublicApi(path), path).toBe(false);
  });

  it('takes the photos as images', () => {
    expect(isImage(`/api/imagenes/${'a'.repeat(32)}/medium.webp`)).toBe(true);
    expect(isImage('/api/imagenes')).toBe(false);
    expect(isImage('/api/comercios/12/og.jpg')).toBe(false);
  });

  it('stores a 200 marked public, and nothing private, no-store, unmarked or not a 200', () => {
    expect(isStorableAnswer(200, 'public, no-cache')).toBe(true);
    expect(isStorableAnswer(200, 'public, max-age=31536000, immutable')).toBe(true);
    expect(isStorableAnswer(200, 'private, no-cache')).toBe(false);
    expect(isStorableAnswer(200, 'private, no-store')).toBe(false);
    expect(isStorableAnswer(200, 'public, no-store')).toBe(false);
    expect(isStorableAnswer(200, 'no-cache')).toBe(false);
    expect(isStorableAnswer(200, null)).toBe(false);
    expect(isStorableAnswer(404, 'public, no-cache')).toBe(false);
    expect(isStorableAnswer(0, null)).toBe(false);
  });

  it('empties its caches on the requests that end a session', () => {
    expect(endsSession('POST', '/api/auth/sign-out')).toBe(true);
    expect(endsSession('POST', '/api/cuenta/eliminar')).toBe(true);
    expect(endsSession('GET', '/api/auth/sign-out')).toBe(false);
    expect(endsSession('POST', '/api/auth/sign-in/email')).toBe(false);
  });
});
