import { render } from '@testing-library/react';
import { SIN_LETRA_CHICA } from '#shared/rules/sin-letra-chica';
import type { HttpHandler } from 'msw';
import { beforeAll } from 'vitest';
import type { Comercio, ComercioCard, ComercioDetalle, Page, PromocionCard } from '#shared/api';
import { contract } from '#shared/contract';
import { App } from '#web/App';
import { createQueryClient } from '#web/lib/queryClient';
import { answer } from './msw';

/** Test helpers for whole-app tests in jsdom: typed API handlers (./msw) and a fresh app at a URL. */
export { answer, apiError, mockApi, type RequestLog } from './msw';

export function page<T>(items: T[], hasMore = false, pageNumber = 1): Page<T> {
  return { items, page: pageNumber, hasMore };
}

/** The owner every signed-in test uses; the hint makes the app wait for get-session on its first render. */
export const OWNER = { id: 'u1', email: 'duena@ejemplo.com', name: 'La Dueña' };

export function signedIn(user: { id: string; email: string; name: string } = OWNER): HttpHandler {
  localStorage.setItem('vidriera.sesion', '1');
  return answer(contract.auth.session, () => ({ user, session: {} }));
}

/**
 * Loads the lazy modules a test file's views need before its first test. Their first load also transforms them,
 * which on a busy machine can outlast a `findBy…` wait and fail the file's first test alone; loaded here, under
 * the hook's own timeout, every test finds them ready as the app's idle prefetch would.
 */
export function preloadLazyModules(...loaders: Array<() => Promise<unknown>>): void {
  beforeAll(async () => {
    await Promise.all(loaders.map((load) => load()));
  });
}

/** The lazy modules behind "Mis comercios" (GuardedView, the view itself, the receipt, dialogs). */
export const MIS_COMERCIOS_MODULES = [
  () => import('#web/GuardedView'),
  () => import('#web/features/mis-comercios/MisComerciosView'),
  () => import('#web/features/mis-comercios/ComprobanteView'),
  () => import('#web/components/DialogPanel'),
];

export function renderAppAt(path: string) {
  window.history.replaceState(null, '', path);
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  return render(<App queryClient={queryClient} />);
}

export function cardOf(id: number, nombre: string, over: Partial<ComercioCard> = {}): ComercioCard {
  return {
    id,
    nombre,
    categoria: 'Almacén',
    descripcion: 'Un comercio del barrio',
    rating: 4.2,
    imagen: null,
    horario: 'Lun a Vie 9:00 - 18:00',
    distancia: '-- km',
    localidad: 'Capital',
    destacado: false,
    lat: null,
    lng: null,
    ...over,
  };
}

export function detalleOf(id: number, nombre: string, over: Partial<ComercioDetalle> = {}): ComercioDetalle {
  return {
    ...cardOf(id, nombre),
    direccion: 'San Martín 1000',
    telefono: '261 412-3456',
    email: 'hola@ejemplo.com.ar',
    whatsapp: '',
    servicios: ['Tarjetas'],
    galeria: [],
    horarioDetallado: {
      Lunes: '9:00 - 18:00',
      Martes: '9:00 - 18:00',
      Miércoles: '9:00 - 18:00',
      Jueves: '9:00 - 18:00',
      Viernes: '9:00 - 18:00',
      Sábado: 'Cerrado',
      Domingo: 'Cerrado',
    },
    pagoStatus: true,
    fechaPago: new Date().toISOString(),
    ocultoMotivo: null,
    opinionesResumen: { distribucion: [0, 0, 0, 0, 0], items: [], hasMore: false },
    publicado: true,
    esPropio: false,
    promociones: [],
    ...over,
  };
}

/** A business as its owner's list and the register answer carry it (unpaid unless `over` says otherwise). */
export function comercioOf(id: number, nombre: string, over: Partial<Comercio> = {}): Comercio {
  const { publicado: _p, esPropio: _e, promociones: _pr, ...base } = detalleOf(id, nombre);
  return { ...base, pagoStatus: false, fechaPago: null, ...over };
}

export function promoOf(
  id: number,
  titulo: string,
  fechaVencimiento: string,
  comercio = { id: 1, nombre: 'Almacén Uno', categoria: 'Almacén', imagen: null },
): PromocionCard {
  return {
    id,
    titulo,
    descripcion: 'Descripción',
    descuento: '20%',
    fechaVencimiento,
    imagen: null,
    imagen2: null,
    ...SIN_LETRA_CHICA,
    comercioId: comercio.id,
    activa: true,
    comercio,
  };
}
