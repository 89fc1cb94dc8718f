import type { Evento } from '#shared/estadisticas';

/**
 * Tells the server a guest tapped WhatsApp, call, "Cómo llegar" or share (the owner's statistics). Fire and
 * forget: keepalive lets it finish while the tap opens another app or page, and a failure never bothers the user.
 */
export function reportEvento(comercioId: number, tipo: Evento['tipo']): void {
  try {
    void fetch(`/api/comercios/${comercioId}/eventos`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ tipo }),
      keepalive: true,
      credentials: 'omit',
    }).catch(() => undefined);
  } catch {
    // No fetch (an old browser): nothing to count.
  }
}
