import { describe, expect, it } from 'vitest';
import type { AuditRow } from '#shared/operador';
import { DATABASE_KINDS } from '#test/server/databases';
import { MINIMAL_COMERCIO_BODY, MINIMAL_PROMO_BODY } from '#test/server/fixtures';
import { sandboxOrderBody } from '#test/server/pagos';
import { auditRows, operatorSuite } from './testing';

describe.each(DATABASE_KINDS)("an owner's changes in the business history on %s", (kind) => {
  const s = operatorSuite(kind, { owner: { email: 'duena@example.com', name: 'Dueña' } });
  const { call, owner, operator } = s;

  const history = async (id: number): Promise<AuditRow[]> => {
    const res = await call('GET', `/api/operador/comercios/${id}`, operator.cookie);
    expect(res.statusCode).toBe(200);
    return res.json<{ auditoria: AuditRow[] }>().auditoria;
  };

  it('records creation, edits (with the changed fields), promotions, payment and deletion, newest first', async () => {
    const created = await call('POST', '/api/comercios', owner.cookie, MINIMAL_COMERCIO_BODY);
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;

    // Fields and promotions in one save: two promotions added.
    const edit = await call('PUT', `/api/comercios/${id}`, owner.cookie, {
      ...MINIMAL_COMERCIO_BODY,
      nombre: 'Kiosco Luz Nueva',
      telefono: '261 400-1111',
      promociones: [MINIMAL_PROMO_BODY, { ...MINIMAL_PROMO_BODY, titulo: 'Mate gratis' }],
    });
    expect(edit.statusCode).toBe(200);
    const [a, b] = edit.json().promociones as Array<{ id: number; titulo: string }>;

    // An identical save changes nothing and writes nothing.
    const before = (await auditRows(s.database.db)).length;
    const same = await call('PUT', `/api/comercios/${id}`, owner.cookie, {
      ...MINIMAL_COMERCIO_BODY,
      nombre: 'Kiosco Luz Nueva',
      telefono: '261 400-1111',
    });
    expect(same.statusCode).toBe(200);
    expect((await auditRows(s.database.db)).length).toBe(before);

    // The promotions alone: one edited, one removed, one added.
    const kept = a!.titulo === '2x1' ? a! : b!;
    const promos = await call('PUT', `/api/comercios/${id}/promociones`, owner.cookie, {
      promociones: [
        { ...MINIMAL_PROMO_BODY, id: kept.id, descuento: '30%' },
        { ...MINIMAL_PROMO_BODY, titulo: 'Café y medialuna' },
      ],
    });
    expect(promos.statusCode).toBe(200);

    const paid = await call('POST', '/api/payments/process_order', owner.cookie, sandboxOrderBody(id));
    expect(paid.json().status).toBe('processed');

    let rows = await history(id);
    expect(rows.map((r) => r.action)).toEqual([
      'pagar_publicacion',
      'editar_promociones',
      'editar_comercio',
      'crear_comercio',
    ]);
    const [pay, promoEdit, fieldEdit, create] = rows;
    expect(create).toMatchObject({ actorEmail: 'duena@example.com', after: { nombre: 'Kiosco Luz' } });
    expect(fieldEdit).toMatchObject({
      actorEmail: 'duena@example.com',
      before: { nombre: 'Kiosco Luz', telefono: '261 400-0000' },
      after: {
        nombre: 'Kiosco Luz Nueva',
        telefono: '261 400-1111',
        promociones: { editadas: [], eliminadas: [] },
      },
    });
    // Only what changed (the WhatsApp number follows the phone when left empty; nothing else is listed).
    expect(Object.keys(fieldEdit!.before as object).sort()).toEqual(['nombre', 'telefono', 'whatsapp']);
    expect((fieldEdit!.after as { promociones: { agregadas: unknown[] } }).promociones.agregadas).toHaveLength(2);
    const other = kept === a ? b! : a!;
    expect(promoEdit!.after).toEqual({
      promociones: {
        agregadas: [{ id: expect.any(Number), titulo: 'Café y medialuna' }],
        editadas: [{ id: kept.id, titulo: '2x1', campos: ['descuento'] }],
        eliminadas: [{ id: other.id, titulo: other.titulo }],
      },
    });
    expect(pay).toMatchObject({ actorEmail: 'Mercado Pago', after: { hasta: expect.any(String) } });

    // The console's Auditoría is the operators' record: owners' edits stay in the business history.
    const auditoria = await call('GET', '/api/operador/auditoria', operator.cookie);
    expect(auditoria.json<{ items: AuditRow[] }>().items.filter((r) => r.targetId === String(id))).toEqual([]);

    // Deleting keeps the history (no foreign key): the row names what was deleted.
    const removed = await call('DELETE', `/api/comercios/${id}`, owner.cookie);
    expect(removed.statusCode).toBe(204);
    rows = (await auditRows(s.database.db)).filter((r) => r.targetId === String(id)) as unknown as AuditRow[];
    expect(rows.at(-1)).toMatchObject({
      action: 'eliminar_comercio',
      actorEmail: 'duena@example.com',
      before: { nombre: 'Kiosco Luz Nueva' },
    });
  });
});
