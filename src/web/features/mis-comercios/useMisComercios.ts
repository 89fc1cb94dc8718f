import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { Comercio } from '#shared/api';
import { formatLongInstant } from '#shared/rules/dates-owner';
import { isPublished, publicationState } from '#shared/rules/publication';
import { useDialogs } from '#web/components/dialogs';
import { ApiError } from '#web/lib/api';
import { useLogError } from '#web/lib/hooks';
import type { PaymentOutcome } from '#web/features/pagos';
import { deleteComercio, misComerciosKey, misComerciosQueries } from './api';

export const DELETE_CONFIRM = '¿Estás seguro de que deseas eliminar este comercio? Esta acción no se puede deshacer.';
export const DELETE_SUCCESS = 'El comercio ha sido eliminado correctamente.';
export const DELETE_ERROR = 'Error al eliminar el comercio. Por favor intente nuevamente.';

/**
 * The spec's confirmation, plus what a published business loses (ADR 005): its remaining paid days are not
 * refunded and do not move to another business.
 */
export function deleteConfirmText(comercio: Comercio, now: Date): string {
  const state = publicationState(comercio, now);
  if (state.kind !== 'active') return DELETE_CONFIRM;
  return `${DELETE_CONFIRM} Está publicado hasta el ${formatLongInstant(state.paidUntil)}: deja de verse ahora mismo y los días pagos que quedan no se reembolsan.`;
}

/** A pending payment (CONT) is confirmed by the provider's webhook: ask every 2 s, for up to a minute. */
export const POLL_INTERVAL_MS = 2000;
export const POLL_LIMIT_MS = 60_000;

interface TrackedOutcome extends PaymentOutcome {
  at: number;
  /** fecha_pago when the payment was made: a renewal is confirmed when it moves, not by being published. */
  fechaPagoBefore?: string | null;
}

/** The owner's list, the last payment answer per business (shown on its card), and deletion with the spec's texts. */
export function useMisComercios() {
  const queryClient = useQueryClient();
  const dialogs = useDialogs();
  const [outcomes, setOutcomes] = useState<Record<number, TrackedOutcome>>({});
  const [deletingId, setDeletingId] = useState<number | null>(null);
  const [clock, setClock] = useState(() => Date.now());

  const waiting = Object.values(outcomes).some((o) => o.tone === 'pending' && clock - o.at < POLL_LIMIT_MS);
  const query = useQuery({
    ...misComerciosQueries.list(),
    // Always fresh on arrival: a business registered a moment ago must be here.
    staleTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: true,
    refetchInterval: waiting ? POLL_INTERVAL_MS : false,
  });
  useLogError(query.error, 'tus comercios');

  // The clock moves with each poll, so polling stops by itself after the limit.
  useEffect(() => {
    if (waiting) setClock(Date.now());
  }, [waiting, query.dataUpdatedAt]);

  // A pending payment became a publication: the card says so, without a reload.
  const items = query.data;
  useEffect(() => {
    if (!items) return;
    const now = new Date();
    setOutcomes((current) => {
      let changed = false;
      const next = { ...current };
      for (const c of items) {
        const tracked = next[c.id];
        if (tracked?.tone === 'pending' && isPublished(c, now) && c.fechaPago !== tracked.fechaPagoBefore) {
          next[c.id] = { tone: 'success', text: 'Pago exitoso', at: Date.now() };
          changed = true;
        }
      }
      return changed ? next : current;
    });
  }, [items]);

  const publicDataChanged = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['comercios'] });
    void queryClient.invalidateQueries({ queryKey: ['promociones'] });
  }, [queryClient]);

  const recordPayment = useCallback(
    (id: number, outcome: PaymentOutcome) => {
      const at = Date.now();
      setClock(at);
      const fechaPagoBefore = items?.find((c) => c.id === id)?.fechaPago ?? null;
      setOutcomes((current) => ({ ...current, [id]: { ...outcome, at, fechaPagoBefore } }));
      void queryClient.invalidateQueries({ queryKey: misComerciosKey });
      if (outcome.tone === 'success') publicDataChanged();
    },
    [queryClient, publicDataChanged, items],
  );

  const remove = useCallback(
    async (comercio: Comercio) => {
      if (
        !(await dialogs.confirm(deleteConfirmText(comercio, new Date()), { confirm: 'Eliminar', cancel: 'Cancelar' }))
      )
        return;
      setDeletingId(comercio.id);
      try {
        await deleteComercio(comercio.id);
        queryClient.setQueryData<Comercio[]>(misComerciosKey, (list) => list?.filter((c) => c.id !== comercio.id));
        publicDataChanged();
        await dialogs.alert(DELETE_SUCCESS);
      } catch (err) {
        console.error('No se pudo eliminar el comercio:', err);
        // A payment in flight is a reason the owner can act on (wait): say it instead of the generic error.
        await dialogs.alert(err instanceof ApiError && err.code === 'payment_in_progress' ? err.message : DELETE_ERROR);
      } finally {
        setDeletingId(null);
        void queryClient.invalidateQueries({ queryKey: misComerciosKey });
      }
    },
    [dialogs, queryClient, publicDataChanged],
  );

  return { query, outcomes: outcomes as Record<number, PaymentOutcome | undefined>, recordPayment, remove, deletingId };
}
