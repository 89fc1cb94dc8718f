// @vitest-environment jsdom
import '../../test/setup-dom';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { detalleOf, fakeApi, json, renderAppAt } from '#web/test/harness';

describe('Denunciar', () => {
  it('reports a business with a reason and optional text, without an account', async () => {
    const detalle = detalleOf(7, 'Bar Trucho');
    const fetchFn = fakeApi(
      (url) => (url.pathname === '/api/comercios/7' ? json(detalle) : undefined),
      (url) =>
        url.pathname === '/api/denuncias'
          ? json({ id: 1, mensaje: 'Gracias por avisarnos. Vamos a revisar tu denuncia.' }, 201)
          : undefined,
    );
    renderAppAt('/comercio/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Denunciar el comercio Bar Trucho' }));
    const dialog = await screen.findByRole('dialog', { name: 'Denunciar comercio' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar denuncia' }));
    expect(await within(dialog).findByText('Elegí un motivo.')).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('radio', { name: 'Comercio cerrado' }));
    fireEvent.change(within(dialog).getByLabelText('Contanos más (opcional)'), {
      target: { value: 'Cerró hace meses.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar denuncia' }));
    expect(await within(dialog).findByText('Gracias por avisarnos. Vamos a revisar tu denuncia.')).toBeInTheDocument();
    // The fake fetch is declared with one parameter; the app passes the request options as the second.
    const calls = fetchFn.mock.calls as unknown as Array<[RequestInfo | URL, RequestInit | undefined]>;
    const sent = calls.find(([input]) => String(input) === '/api/denuncias');
    expect(JSON.parse(String(sent![1]?.body))).toEqual({
      comercioId: 7,
      motivo: 'comercio_cerrado',
      detalle: 'Cerró hace meses.',
    });
  });

  it("shows the server's refusal (too many reports from this address)", async () => {
    fakeApi(
      (url) => (url.pathname === '/api/comercios/8' ? json(detalleOf(8, 'Kiosco')) : undefined),
      (url) =>
        url.pathname === '/api/denuncias'
          ? json(
              {
                error: {
                  code: 'too_many_requests',
                  message: 'Recibimos muchas denuncias desde tu conexión. Esperá un rato y volvé a intentar.',
                },
              },
              429,
            )
          : undefined,
    );
    renderAppAt('/comercio/8');
    fireEvent.click(await screen.findByRole('button', { name: 'Denunciar el comercio Kiosco' }));
    const dialog = await screen.findByRole('dialog', { name: 'Denunciar comercio' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Otro' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar denuncia' }));
    expect(
      await within(dialog).findByText(
        'Recibimos muchas denuncias desde tu conexión. Esperá un rato y volvé a intentar.',
      ),
    ).toBeInTheDocument();
  });
});
