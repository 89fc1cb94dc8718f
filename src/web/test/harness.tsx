import { render } from '@testing-library/react';
import { SIN_LETRA_CHICA } from '#shared/rules/promocion-dias';
import { vi } from 'vitest';
import type { ComercioCard, ComercioDetalle, Page, PromocionCard } from '#shared/api';
import { App } from '#web/App';
import { createQueryClient } from '#web/lib/queryClient';

/** Test helpers for whole-app tests in jsdom: a routed fake API and a fresh app at a URL. */
export type Route = (url: URL) => Response | undefined;

export function json(body: unknown, status = 200): Response {
  return Response.json(body, { status });
}

export function page<T>(items: T[], hasMore = false, pageNumber = 1): Page<T> {
  return { items, page: pageNumber, hasMore };
}

export function fakeApi(...routes: Route[]) {
  const fetchFn = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    for (const route of routes) {
      const response = route(url);
      if (response) return response;
    }
    // Anything not routed: an empty but valid answer, so unrelated widgets stay quiet.
    if (url.pathname.endsWith('/categorias') || url.pathname.endsWith('/destacadas')) return json({ items: [] });
    return json({ error: { code: 'not_found', message: 'No encontramos lo que buscás.' } }, 404);
  });
  vi.stubGlobal('fetch', fetchFn);
  return fetchFn;
}

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
    publicado: true,
    esPropio: false,
    promociones: [],
    ...over,
  };
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
