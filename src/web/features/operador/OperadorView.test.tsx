// @vitest-environment jsdom
import '#test/web/setup-dom';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { contract } from '#shared/contract';
import type { OperadorComercioDetalle, Resumen } from '#shared/operador';
import { answer, mockApi, renderAppAt } from '#test/web/harness';
import { parseUrl, viewToUrl } from '#web/lib/routes';

const me = answer(contract.operador.me, () => ({
  id: 'op',
  email: 'opera@ejemplo.com',
  name: 'Operadora',
  twoFactorEnabled: true,
}));

const resumen: Resumen = {
  dias: 30,
  publicadosAhora: 12,
  denunciasPendientes: 2,
  porDia: Array.from({ length: 30 }, (_, i) => ({
    dia: `2026-11-${String(i + 1).padStart(2, '0')}`,
    cuentas: i === 4 ? 3 : 0,
    comercios: 0,
    ingresos: i === 4 ? 900 : 0,
  })),
  ingresosPorMes: [{ mes: '2026-11', ingresos: 900 }],
  pagosPorEstado: [{ status: 'processed', cantidad: 2 }],
  vencenPronto: [{ id: 4, nombre: 'Kiosco', vence: '2026-11-25T15:00:00.000Z' }],
};

describe('the operator console', () => {
  it('has one URL per section', () => {
    expect(parseUrl('/operador', '')).toEqual({ name: 'operador', seccion: 'resumen' });
    expect(parseUrl('/operador/comercios', '?id=5')).toEqual({ name: 'operador', seccion: 'comercios', id: 5 });
    expect(parseUrl('/operador/nada', '')).toEqual({ name: 'not-found' });
    expect(viewToUrl({ name: 'operador', seccion: 'comercios', id: 5 })).toBe('/operador/comercios?id=5');
    expect(viewToUrl({ name: 'operador', seccion: 'resumen' })).toBe('/operador');
  });

  it('is the not-found page for anyone who is not an operator', async () => {
    mockApi();
    renderAppAt('/operador');
    // The first render of the file transforms the console's lazy chunk: slow on a busy machine.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'No encontramos esta página' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('shows the overview numbers with text summaries of the charts', async () => {
    mockApi(
      me,
      answer(contract.operador.resumen, () => resumen),
    );
    renderAppAt('/operador');
    expect(await screen.findByRole('heading', { level: 1, name: 'Operación' }, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText('Publicados ahora', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('12')).toBeInTheDocument();
    const chart = screen.getByRole('img', { name: 'Ingresos por día' });
    expect(chart).toHaveAccessibleDescription(/Total en 30 días: \$\s900\. El día con más: 5 nov/);
    expect(screen.getByRole('link', { name: 'Kiosco' })).toHaveAttribute('href', '/operador/comercios?id=4');
  });

  it('hides a business with a reason from its detail', async () => {
    let hidden = false;
    const detalle = (): OperadorComercioDetalle => ({
      id: 4,
      nombre: 'Kiosco',
      categoria: 'Kiosco',
      localidad: 'Capital',
      estado: hidden ? 'oculto' : 'publicado',
      ocultoMotivo: hidden ? 'Fotos falsas' : null,
      fechaPago: '2026-11-01T12:00:00.000Z',
      propietario: { id: 'u', email: 'duena@ejemplo.com', name: 'Dueña' },
      createdAt: '2026-10-01T12:00:00.000Z',
      descripcion: '',
      direccion: 'San Martín 1',
      telefono: '261 412-3456',
      pagos: [],
      auditoria: [],
    });
    const sent = mockApi(
      me,
      answer(contract.operador.comercio, () => detalle()),
      answer(contract.operador.hide, () => {
        hidden = true;
        return detalle();
      }),
    );
    renderAppAt('/operador/comercios?id=4');
    expect(await screen.findByRole('heading', { level: 2, name: 'Kiosco' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Ocultar comercio' }));
    expect(await screen.findByText('Escribí el motivo (al menos 3 caracteres).')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Motivo (lo verá el dueño)'), { target: { value: 'Fotos falsas' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ocultar comercio' }));
    expect(await screen.findByText('Estado: Oculto (Fotos falsas)')).toBeInTheDocument();
    expect(sent.bodies(contract.operador.hide, { id: 4 })).toEqual([{ motivo: 'Fotos falsas' }]);
    expect(
      within(screen.getByRole('navigation', { name: 'Secciones de operación' })).getAllByRole('link'),
    ).toHaveLength(6);
  });

  it('shows the key as a QR code, beside the link and the key itself, when enrolling', async () => {
    const uri = 'otpauth://totp/Vidriera:opera%40ejemplo.com?secret=JBSWY3DPEHPK3PXP&issuer=Vidriera';
    mockApi(
      answer(contract.operador.me, () => ({
        id: 'op',
        email: 'opera@ejemplo.com',
        name: 'Operadora',
        twoFactorEnabled: false,
      })),
      answer(contract.auth.enableTwoFactor, () => ({ totpURI: uri, backupCodes: ['abc-123'] })),
    );
    renderAppAt('/operador');
    fireEvent.change(await screen.findByLabelText('Tu contraseña'), { target: { value: 'secreto123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    const qr = await screen.findByRole('img', { name: 'Código QR para escanear con tu app de autenticación' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(screen.getByRole('link', { name: 'abrí este enlace con tu app' })).toHaveAttribute('href', uri);
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
  });

  it('takes the operator role away from another operator with the password, never offering it for oneself', async () => {
    const cuenta = (id: string, email: string) => ({
      id,
      email,
      name: id,
      role: 'operator' as const,
      suspendida: false,
      suspendedReason: null,
      comercios: 0,
      createdAt: '2026-10-01T12:00:00.000Z',
    });
    const sent = mockApi(
      me,
      answer(contract.operador.cuentas, () => ({
        page: 1,
        hasMore: false,
        items: [cuenta('op', 'opera@ejemplo.com'), cuenta('otro', 'otro@ejemplo.com')],
      })),
      answer(contract.operador.demote, () => ({ ok: true as const })),
    );
    renderAppAt('/operador/cuentas');
    expect(await screen.findByText(/otro@ejemplo\.com/)).toBeInTheDocument();
    await screen.findAllByRole('button', { name: 'Quitar rol de operador' });
    // Only on the other operator's card.
    expect(screen.getAllByRole('button', { name: 'Quitar rol de operador' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Quitar rol de operador' }));
    fireEvent.change(screen.getByLabelText('Motivo'), { target: { value: 'Dejó el equipo' } });
    fireEvent.change(screen.getByLabelText('Tu contraseña (para confirmar)'), { target: { value: 'secreto' } });
    fireEvent.click(screen.getByRole('button', { name: 'Quitar rol de operador' }));
    await screen.findAllByText(/otro@ejemplo\.com/);
    await vi.waitFor(() =>
      expect(sent.bodies(contract.operador.demote, { id: 'otro' })).toEqual([
        { motivo: 'Dejó el equipo', password: 'secreto' },
      ]),
    );
  });
});
