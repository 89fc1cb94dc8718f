// @vitest-environment jsdom
import '#test/web/setup-dom';
import { render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PAYMENT_FORM_ERROR, type ProcessOrderBody } from '#shared/pagos';
import { SandboxCardForm } from './SandboxCardForm';

function setup(rejection: string | null = null) {
  const onPay = vi.fn<(body: ProcessOrderBody) => Promise<void>>().mockResolvedValue(undefined);
  const user = userEvent.setup();
  render(
    <SandboxCardForm amount={450} comercioId={7} payerEmail="ana@example.com" rejection={rejection} onPay={onPay} />,
  );
  return { onPay, user };
}

const field = (name: string) => screen.getByRole('textbox', { name });

describe('sandbox card form', () => {
  it('marks every problem at once, focuses the first, and clears a message once its field is edited', async () => {
    const { onPay, user } = setup();
    expect(field('Email')).toHaveValue('ana@example.com');
    await user.type(field('Número de tarjeta'), '4509953566233705');
    await user.click(screen.getByRole('button', { name: 'Pagar' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(PAYMENT_FORM_ERROR);
    expect(screen.getByText('Revisá el número de la tarjeta')).toBeInTheDocument();
    expect(screen.getByText('Ingresá el nombre como figura en la tarjeta')).toBeInTheDocument();
    expect(screen.getByText('Ingresá el DNI del titular')).toBeInTheDocument();
    await waitFor(() => expect(field('Número de tarjeta')).toHaveFocus());
    expect(field('Número de tarjeta')).toHaveAttribute('aria-invalid', 'true');
    expect(onPay).not.toHaveBeenCalled();

    await user.type(field('Nombre del titular'), 'A');
    expect(screen.queryByText('Ingresá el nombre como figura en la tarjeta')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Revisá el número de la tarjeta')).toBeInTheDocument();
  });

  it('formats as the person types and pays with a token that carries only the holder and last four digits', async () => {
    const { onPay, user } = setup();
    await user.type(field('Número de tarjeta'), '4509953566233704');
    expect(field('Número de tarjeta')).toHaveValue('4509 9535 6623 3704');
    expect(screen.getByText('Visa')).toBeInTheDocument();
    await user.type(field('Nombre del titular'), 'APRO');
    await user.type(field('Vencimiento (MM/AA)'), '1130');
    expect(field('Vencimiento (MM/AA)')).toHaveValue('11/30');
    await user.type(field('Código de seguridad'), '12a3');
    expect(field('Código de seguridad')).toHaveValue('123');
    await user.type(field('DNI del titular'), '12.345.678');
    await user.click(screen.getByRole('button', { name: 'Pagar' }));

    await waitFor(() => expect(onPay).toHaveBeenCalledTimes(1));
    const body = onPay.mock.calls[0]![0];
    expect(body).toMatchObject({
      external_reference: 'comercio_7',
      total_amount: '450',
      payer: { email: 'ana@example.com', identification: { type: 'DNI', number: '12345678' } },
    });
    expect(JSON.stringify(body)).not.toContain('4509953566233704');
    expect(JSON.stringify(body)).not.toContain('11/30');
  });

  it('drops the last refusal once the card is edited: a form error cleared by typing does not bring it back', async () => {
    const onPay = vi.fn<(body: ProcessOrderBody) => Promise<void>>().mockResolvedValue(undefined);
    function AfterRefusal() {
      const [rejection, setRejection] = useState<string | null>('Tu tarjeta fue rechazada por fondos insuficientes.');
      return (
        <SandboxCardForm
          amount={450}
          comercioId={7}
          payerEmail="ana@example.com"
          rejection={rejection}
          onPay={onPay}
          onEdit={() => setRejection(null)}
        />
      );
    }
    const user = userEvent.setup();
    render(<AfterRefusal />);
    expect(screen.getByRole('alert')).toHaveTextContent('fondos insuficientes');
    await user.type(field('Número de tarjeta'), '4509');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PAYMENT_FORM_ERROR);
    await user.type(field('Nombre del titular'), 'A');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the last refusal by Pagar and moves focus there', async () => {
    setup('Tu tarjeta fue rechazada por fondos insuficientes.');
    expect(screen.getByRole('alert')).toHaveTextContent('Tu tarjeta fue rechazada por fondos insuficientes.');
    expect(screen.getByRole('button', { name: 'Pagar' })).toHaveFocus();
  });
});
