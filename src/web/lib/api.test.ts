// @vitest-environment jsdom
import '#test/web/setup-dom';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { contract } from '#shared/contract';
import { answer, apiError, mockApi } from '#test/web/msw';
import { ApiError, api, NETWORK_ERROR_MESSAGE, UNEXPECTED_ERROR_MESSAGE } from './api';

describe('api', () => {
  it('builds the URL from the contract: params filled in, empty query values left out', async () => {
    const sent = mockApi(
      answer(contract.comercios.list, () => ({ items: [], page: 2, hasMore: false })),
      answer(contract.comercios.editable, () => apiError(404, 'not_found', 'No encontramos este comercio.')),
    );
    await api(contract.comercios.list, { query: { q: 'pan dulce', categoria: '', localidad: undefined, page: 2 } });
    await api(contract.comercios.categorias);
    await api(contract.comercios.editable, { params: { id: 7 } }).catch(() => null);
    expect(sent.all.map((r) => `${r.method} ${r.url.pathname}${r.url.search}`)).toEqual([
      'GET /api/comercios?q=pan+dulce&page=2',
      'GET /api/comercios/categorias',
      'GET /api/comercios/7/editar',
    ]);
  });

  it('returns the JSON body of a good answer', async () => {
    mockApi(answer(contract.comercios.list, () => ({ items: [], page: 1, hasMore: false })));
    await expect(api(contract.comercios.list, { query: { page: 1 } })).resolves.toEqual({
      items: [],
      page: 1,
      hasMore: false,
    });
  });

  it('sends a write as JSON, and an empty answer (204) resolves to null', async () => {
    const sent = mockApi(answer(contract.comercios.remove, () => null));
    await expect(api(contract.comercios.remove, { params: { id: 3 } })).resolves.toBeNull();
    expect(sent.to(contract.comercios.remove, { id: 3 })).toHaveLength(1);
    const saved = mockApi(answer(contract.comercios.savePromociones, () => ({ items: [] })));
    await api(contract.comercios.savePromociones, { params: { id: 3 }, body: { promociones: [] } });
    expect(saved.bodies(contract.comercios.savePromociones, { id: 3 })).toEqual([{ promociones: [] }]);
  });

  it('turns {error:{code,message}} into an ApiError with the Spanish message', async () => {
    mockApi(answer(contract.comercios.detail, () => apiError(404, 'not_found', 'No encontramos este comercio.')));
    const error = await api(contract.comercios.detail, { params: { id: 9 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'not_found', message: 'No encontramos este comercio.' });
    expect((error as ApiError).isNotFound).toBe(true);
    expect((error as ApiError).isRetryable).toBe(false);
  });

  it('gives our own message for bodies that are not ours and for network failures', async () => {
    mockApi(answer(contract.comercios.categorias, () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })));
    await expect(api(contract.comercios.categorias)).rejects.toMatchObject({
      status: 502,
      message: UNEXPECTED_ERROR_MESSAGE,
      isRetryable: true,
    });
    mockApi(http.get('/api/comercios/categorias', () => HttpResponse.error()));
    await expect(api(contract.comercios.categorias)).rejects.toMatchObject({
      status: 0,
      code: 'network_error',
      message: NETWORK_ERROR_MESSAGE,
    });
  });
});
