import { contract, endpointUrl } from '#shared/contract';
import type { Evento } from '#shared/estadisticas';

/**
 * Tells the server a guest tapped WhatsApp, call, "Cómo llegar" or share (the owner's statistics). Fire and
 * forget: keepalive lets it finish while the tap opens another app or page, and a failure never bothers the user.
 */
export function reportEvento(comercioId: number, tipo: Evento['tipo']): void {
  try {
    const endpoint = contract.estadisticas.evento;
    // Not api(): a tap that opens another app must still be sent (keepalive), and its answer is of no interest.
    void fetch(endpointUrl(endpoint, { params: { id: comercioId } }), {
      method: endpoint.method,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ tipo }),
      keepalive: true,
      credentials: 'omit',
    }).catch(() => undefined);
  } catch {
    // No fetch (an old browser): nothing to count.
  }
}
