// @vitest-environment jsdom
import '#test/web/setup-dom';
import { onlineManager } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, expect, it } from 'vitest';
import { contract } from '#shared/contract';
import { FAVORITOS_KEY } from '#web/lib/favoritos-stored';
import { answer, cardOf, mockApi, renderAppAt } from '#test/web/harness';

afterEach(() => {
  act(() => onlineManager.setOnline(true));
  localStorage.clear();
});

it('offline, asks all the same (the service worker answers with the list it kept) and shows it', async () => {
  localStorage.setItem(FAVORITOS_KEY, JSON.stringify([{ kind: 'comercio', id: 5, nombre: 'Kiosco Luz' }]));
  const sent = mockApi(
    answer(contract.favoritos.list, () => ({ comercios: [cardOf(5, 'Kiosco Luz')], promociones: [] })),
  );
  onlineManager.setOnline(false);
  renderAppAt('/favoritos');
  expect(await screen.findByRole('heading', { level: 3, name: 'Kiosco Luz' })).toBeInTheDocument();
  expect(sent.to(contract.favoritos.list)).toHaveLength(1);
});

it('offline with no kept answer, says it could not connect instead of spinning, and loads once back online', async () => {
  localStorage.setItem(FAVORITOS_KEY, JSON.stringify([{ kind: 'comercio', id: 5, nombre: 'Kiosco Luz' }]));
  let reachable = false;
  mockApi(
    answer(contract.favoritos.list, () =>
      reachable ? { comercios: [cardOf(5, 'Kiosco Luz')], promociones: [] } : HttpResponse.error(),
    ),
  );
  onlineManager.setOnline(false);
  renderAppAt('/favoritos');
  expect(
    await screen.findByText('No pudimos conectarnos con el servidor. Revisá tu conexión e intentá nuevamente.'),
  ).toBeInTheDocument();
  expect(screen.queryByText('Cargando favoritos…')).toBeNull();
  reachable = true;
  act(() => onlineManager.setOnline(true));
  expect(await screen.findByRole('heading', { level: 3, name: 'Kiosco Luz' })).toBeInTheDocument();
});
