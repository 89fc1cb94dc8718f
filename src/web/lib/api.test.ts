// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, buildUrl, NETWORK_ERROR_MESSAGE, UNEXPECTED_ERROR_MESSAGE } from './api';

function mockFetch(impl: (input: RequestInfo | URL) => Promise<Response>) {
  const fn = vi.fn(impl);
  vi.stubGlobal('fetch', fn);
  return fn;
}

afterEach(() => vi.unstubAllGlobals());

describe('buildUrl', () => {
  it('drops empty parameters and encodes the rest', () => {
    expect(buildUrl('/api/comercios', { q: 'pan dulce', categoria: '', localidad: undefined, page: 2 })).toBe(
      '/api/comercios?q=pan+dulce&page=2',
    );
    expect(buildUrl('/api/x')).toBe('/api/x');
  });
});

describe('apiGet', () => {
  it('returns the JSON body of a good answer', async () => {
    const fetchFn = mockFetch(async () => Response.json({ items: [1], page: 1, hasMore: false }));
    await expect(apiGet('/api/comercios', { page: 1 })).resolves.toEqual({ items: [1], page: 1, hasMore: false });
    expect(fetchFn.mock.calls[0]?.[0]).toBe('/api/comercios?page=1');
  });

  it('turns {error:{code,message}} into an ApiError with the Spanish message', async () => {
    mockFetch(async () =>
      Response.json({ error: { code: 'not_found', message: 'No encontramos este comercio.' } }, { status: 404 }),
    );
    const error = await apiGet('/api/comercios/9').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'not_found', message: 'No encontramos este comercio.' });
    expect((error as ApiError).isNotFound).toBe(true);
    expect((error as ApiError).isRetryable).toBe(false);
  });

  it('gives our own message for bodies that are not ours and for network failures', async () => {
    mockFetch(async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(apiGet('/api/x')).rejects.toMatchObject({
      status: 502,
      message: UNEXPECTED_ERROR_MESSAGE,
      isRetryable: true,
    });
    mockFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(apiGet('/api/x')).rejects.toMatchObject({
      status: 0,
      code: 'network_error',
      message: NETWORK_ERROR_MESSAGE,
    });
  });
});
