// @vitest-environment jsdom
import '#test/web/setup-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { contract } from '#shared/contract';
import { createQueryClient } from '#web/lib/queryClient';
import { answer, apiError, mockApi } from '#test/web/msw';
import { BuscarDireccion, SIN_RESULTADOS } from './BuscarDireccion';

function renderSearch(direccion: string, onPick = vi.fn()) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <BuscarDireccion direccion={direccion} localidad="Godoy Cruz" onPick={onPick} />
    </QueryClientProvider>,
  );
  return onPick;
}

const button = () => screen.getByRole('button', { name: 'Buscar la dirección en el mapa' });

describe('address search for the pin', () => {
  it('asks the server with the locality and places the pin on the place the owner picks', async () => {
    const sent = mockApi(
      answer(contract.geocoder.search, () => ({
        items: [{ lat: -32.9262, lng: -68.8435, nombre: 'Colón 345, Godoy Cruz, Mendoza, Argentina' }],
      })),
    );
    const onPick = renderSearch('Colón 345');
    fireEvent.click(button());
    fireEvent.click(await screen.findByRole('button', { name: 'Usar: Colón 345, Godoy Cruz, Mendoza, Argentina' }));
    expect(onPick).toHaveBeenCalledWith({ lat: -32.9262, lng: -68.8435 });
    expect(sent.to(contract.geocoder.search)[0]?.url.searchParams.get('q')).toBe('Colón 345, Godoy Cruz, Mendoza');
  });

  it('says when nothing was found and shows the server’s Spanish error', async () => {
    mockApi(answer(contract.geocoder.search, () => ({ items: [] })));
    renderSearch('Calle Inventada 1');
    fireEvent.click(button());
    expect(await screen.findByText(SIN_RESULTADOS)).toBeInTheDocument();

    mockApi(
      answer(contract.geocoder.search, () => apiError(502, 'geocoder_unavailable', 'No pudimos buscar la dirección.')),
    );
    fireEvent.click(button());
    expect(await screen.findByText('No pudimos buscar la dirección.')).toBeInTheDocument();
  });

  it('waits for an address before searching', () => {
    renderSearch('  ');
    expect(button()).toBeDisabled();
  });
});
