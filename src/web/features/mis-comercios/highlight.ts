/**
 * The business just registered: RegistroView leaves its id here before going to Mis comercios, which highlights
 * that card once, in view. In memory only: a reload shows the plain list.
 */
let pending: number | null = null;

export function highlightNext(id: number): void {
  pending = id;
}

/** Read during render (a render React throws away must not lose it); cleared once the view is on screen. */
export function peekHighlight(): number | null {
  return pending;
}

export function clearHighlight(): void {
  pending = null;
}

/** The business whose edit was just saved: Mis comercios says so once ("Cambios guardados"). In memory only too. */
let saved: number | null = null;

export function announceSaved(id: number): void {
  saved = id;
}

export function peekSaved(): number | null {
  return saved;
}

export function clearSaved(): void {
  saved = null;
}
