// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contract } from '#shared/contract';
import { ApiError, api, NETWORK_ERROR_MESSAGE, UNEXPECTED_ERROR_MESSAGE } from './api';

function mockFetch(impl: (input: RequestInfo | URL) => Promise<Response>) {
  const fn = vi.fn(impl);
  vi.stubGlobal('fetch', fn);
  return fn;
}

afterEach(() => vi.unstubAllGlobals());

describe('api', () => {
  it('builds the URL from the contract: params filled in, empty query values left out', async () => {
    const fetchFn = mockFetch(async () => Response.json({ items: [], page: 2, hasMore: false }));
    await api(contract.comercios.list, { query: { q: 'pan dulce', categoria: '', localidad: undefined, page: 2 } });
    expect(fetchFn.mock.calls[0]?.[0]).toBe('/api/comercios?q=pan+dulce&page=2');
    await api(contract.comercios.categorias);
    expect(fetchFn.mock.calls[1]?.[0]).toBe('/api/comercios/categorias');
    await api(contract.comercios.editable, { params: { id: 7 } });
    expect(fetchFn.mock.calls[2]?.[0]).toBe('/api/comercios/7/editar');
  });

  it('returns the JSON body of a good answer', async () => {
    const fetchFn = mockFetch(async () => Response.json({ items: [1], page: 1, hasMore: false }));
    await expect(api(contract.comercios.list, { query: { page: 1 } })).resolves.toEqual({
      items: [1],
      page: 1,
      hasMore: false,
    });
    expect(fetchFn.mock.calls[0]?.[0]).toBe('/api/comercios?page=1');
  });

  it('sends a write as JSON, and an empty answer (204) resolves to null', async () => {
    const fetchFn = vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>(
      async () => new Response(null, { status: 204 }),
    );
    vi.stubGlobal('fetch', fetchFn);
    await expect(api(contract.comercios.remove, { params: { id: 3 } })).resolves.toBeNull();
    expect(fetchFn.mock.calls[0]?.[0]).toBe('/api/comercios/3');
    expect(fetchFn.mock.calls[0]?.[1]).toMatchObject({ method: 'DELETE', body: undefined });
  });

  it('turns {error:{code,message}} into an ApiError with the Spanish message', async () => {
    mockFetch(async () =>
      Response.json({ error: { code: 'not_found', message: 'No encontramos este comercio.' } }, { status: 404 }),
    );
    const error = await api(contract.comercios.detail, { params: { id: 9 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'not_found', message: 'No encontramos este comercio.' });
    expect((error as ApiError).isNotFound).toBe(true);
    expect((error as ApiError).isRetryable).toBe(false);
  });

  it('gives our own message for bodies that are not ours and for network failures', async () => {
    mockFetch(async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(api(contract.comercios.categorias)).rejects.toMatchObject({
      status: 502,
      message: UNEXPECTED_ERROR_MESSAGE,
      isRetryable: true,
    });
    mockFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(api(contract.comercios.categorias)).rejects.toMatchObject({
      status: 0,
      code: 'network_error',
      message: NETWORK_ERROR_MESSAGE,
    });
  });
});
