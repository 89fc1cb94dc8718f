import { http, HttpResponse, matchRequestUrl, type HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import type { ApiErrorBody } from '#shared/api';
import { contract, type Endpoint, type PathParamNames, type ResponseOf } from '#shared/contract';

/**
 * The API as component tests see it: MSW answers the app's real fetch calls, and every handler is built from
 * an endpoint of the shared contract, so its path is the one the client calls and its answer is type-checked
 * against the endpoint's response type. Started for every jsdom test by setup-dom.ts.
 */

export interface ApiCall<E extends Endpoint> {
  request: Request;
  url: URL;
  /** The path's `:params`, as text (as they travel). */
  params: { [K in PathParamNames<E['path']>]: string };
  /** The JSON body the client sent (undefined without one). */
  body: unknown;
}

type Answer<E extends Endpoint> = ResponseOf<E> | Response;
const METHODS = { GET: http.get, POST: http.post, PUT: http.put, DELETE: http.delete } as const;

/**
 * Answers `endpoint` with what `resolve` returns: a value of its response type (sent as JSON; null as 204), or a
 * Response (an error, a delay). A path whose params the endpoint's schema refuses is left to the next handler,
 * as the server's router does ("/api/comercios/categorias" is not a business id).
 */
export function answer<E extends Endpoint>(
  endpoint: E,
  resolve: (call: ApiCall<E>) => Answer<E> | Promise<Answer<E>>,
): HttpHandler {
  return METHODS[endpoint.method](endpoint.path, async ({ request, params }) => {
    if (endpoint.params && !endpoint.params.safeParse(params).success) return undefined;
    const text = await request.clone().text();
    const body: unknown = text && request.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined;
    const url = new URL(request.url);
    const result = await resolve({ request, url, params: params as ApiCall<E>['params'], body });
    if (result instanceof Response) return result;
    if (result === null) return new HttpResponse(null, { status: 204 });
    return HttpResponse.json(result as Parameters<typeof HttpResponse.json>[0]);
  });
}

/** An error answer as our server writes it: a stable code and a Spanish message. */
export function apiError(status: number, code: string, message: string): Response {
  const body: ApiErrorBody = { error: { code, message } };
  return HttpResponse.json(body, { status });
}

/** What a page asks for besides its own data: empty, so unrelated widgets stay quiet; anything else is a 404. */
const defaults = [
  answer(contract.comercios.categorias, () => ({ items: [] })),
  answer(contract.promociones.categorias, () => ({ items: [] })),
  answer(contract.promociones.destacadas, () => ({ items: [] })),
  // A signed-in person's favourites on the account: none, unless the test says otherwise.
  answer(contract.favoritos.mine, () => ({ items: [] })),
  answer(contract.favoritos.merge, () => ({ items: [] })),
  http.all('/api/*', () => apiError(404, 'not_found', 'No encontramos lo que buscás.')),
];

export const apiServer = setupServer(...defaults);

export interface SentRequest {
  method: string;
  url: URL;
  body: unknown;
}

/** Every request the app sent during the test, in order, with a way to pick those of one endpoint. */
export class RequestLog {
  readonly all: SentRequest[] = [];

  /** The requests to `endpoint` (any params), optionally only those whose params are `params`. */
  to<E extends Endpoint>(endpoint: E, params?: Partial<Record<PathParamNames<E['path']>, string | number>>) {
    return this.all.filter((r) => {
      if (r.method !== endpoint.method) return false;
      const match = matchRequestUrl(r.url, endpoint.path);
      if (!match.matches) return false;
      if (endpoint.params && !endpoint.params.safeParse(match.params).success) return false;
      return Object.entries(params ?? {}).every(([k, v]) => match.params?.[k] === String(v));
    });
  }

  /** The JSON bodies sent to `endpoint`. */
  bodies<E extends Endpoint>(endpoint: E, params?: Partial<Record<PathParamNames<E['path']>, string | number>>) {
    return this.to(endpoint, params).map((r) => r.body);
  }
}

/** Uses these handlers (before the defaults) for this test, and starts recording what the app sends. */
export function mockApi(...handlers: HttpHandler[]): RequestLog {
  apiServer.use(...handlers);
  const log = new RequestLog();
  apiServer.events.on('request:start', ({ request }) => {
    const entry: SentRequest = { method: request.method, url: new URL(request.url), body: undefined };
    log.all.push(entry);
    void request
      .clone()
      .text()
      .then((text) => {
        if (!text) return;
        try {
          entry.body = JSON.parse(text);
        } catch {
          entry.body = text;
        }
      });
  });
  return log;
}
