// @vitest-environment jsdom
import '#test/web/setup-dom';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HttpResponse } from 'msw';
import { contract } from '#shared/contract';
import { answer, apiError, detalleOf, mockApi, renderAppAt } from '#test/web/harness';

describe('Denunciar', () => {
  it('reports a business with a reason and optional text, without an account', async () => {
    const detalle = detalleOf(7, 'Bar Trucho');
    const sent = mockApi(
      answer(contract.comercios.detail, () => detalle),
      answer(contract.denuncias.create, () =>
        HttpResponse.json({ id: 1, mensaje: 'Gracias por avisarnos. Vamos a revisar tu denuncia.' }, { status: 201 }),
      ),
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
    expect(sent.bodies(contract.denuncias.create)[0]).toEqual({
      comercioId: 7,
      motivo: 'comercio_cerrado',
      detalle: 'Cerró hace meses.',
    });
  });

  it("shows the server's refusal (too many reports from this address)", async () => {
    mockApi(
      answer(contract.comercios.detail, () => detalleOf(8, 'Kiosco')),
      answer(contract.denuncias.create, () =>
        apiError(
          429,
          'too_many_requests',
          'Recibimos muchas denuncias desde tu conexión. Esperá un rato y volvé a intentar.',
        ),
      ),
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
