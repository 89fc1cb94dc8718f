// @vitest-environment jsdom
import '#test/web/setup-dom';
import { fireEvent, screen } from '@testing-library/react';
import { SIN_LETRA_CHICA } from '#shared/rules/sin-letra-chica';
import { describe, expect, it, vi } from 'vitest';
import type { ComercioDetalle } from '#shared/api';
import { contract } from '#shared/contract';
import { answer, apiError, detalleOf, mockApi, renderAppAt } from '#test/web/harness';

function serve(detalle: ComercioDetalle) {
  mockApi(
    answer(contract.comercios.detail, ({ params }) =>
      params.id === String(detalle.id) ? detalle : apiError(404, 'not_found', 'No encontramos este comercio.'),
    ),
  );
  renderAppAt(`/comercio/${detalle.id}`);
}

describe('detalle', () => {
  it('shows contact links built from the shared rules', async () => {
    serve(
      detalleOf(5, 'Ferretería El Tornillo', {
        telefono: '0261 15 412-3456',
        whatsapp: '',
        email: 'ventas@tornillo.com.ar',
      }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Ferretería El Tornillo' });
    const whatsapp = screen.getByRole('link', { name: /^WhatsApp/ });
    expect(whatsapp).toHaveAttribute('href', 'https://wa.me/5492614123456');
    expect(whatsapp).toHaveAttribute('target', '_blank');
    expect(whatsapp).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'Llamar' })).toHaveAttribute('href', 'tel:+542614123456');
    expect(screen.getByRole('link', { name: 'Email' })).toHaveAttribute('href', 'mailto:ventas@tornillo.com.ar');
    expect(screen.getByRole('button', { name: 'Compartir' })).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: /Lunes/ })).toBeInTheDocument();
  });

  it('Compartir copies the link when there is no share sheet', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    serve(detalleOf(9, 'Heladería Polo Sur'));
    fireEvent.click(await screen.findByRole('button', { name: 'Compartir' }));
    expect(await screen.findByText('Enlace copiado')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/comercio/9`);
  });

  it('says promotions are not available for an unpublished business', async () => {
    serve(detalleOf(6, 'Sin pagar', { publicado: false, pagoStatus: false }));
    expect(await screen.findByRole('heading', { name: 'Promociones no disponibles' })).toBeInTheDocument();
    expect(screen.getByText('Este comercio no cuenta con servicio de promociones activo.')).toBeInTheDocument();
  });

  it('says a published business has no active promotions yet', async () => {
    serve(detalleOf(7, 'Publicado sin promos'));
    expect(await screen.findByText('Este comercio aún no tiene promociones activas.')).toBeInTheDocument();
  });

  it('lists its promotions with the long expiry date', async () => {
    serve(
      detalleOf(8, 'Con promos', {
        promociones: [
          {
            id: 1,
            titulo: 'Docena 2x1',
            descripcion: 'Medialunas',
            descuento: '2x1',
            fechaVencimiento: '2099-12-05',
            imagen: null,
            imagen2: null,
            ...SIN_LETRA_CHICA,
            comercioId: 8,
            activa: true,
          },
        ],
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Docena 2x1' })).toBeInTheDocument();
    expect(screen.getByText('Válido hasta 5 de diciembre de 2099')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Ver comercio/ })).toBeNull();
  });

  it('shows a friendly not-found state with a way home', async () => {
    mockApi();
    renderAppAt('/comercio/404');
    expect(await screen.findByRole('heading', { level: 1, name: 'No encontramos este comercio' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
  });
});
