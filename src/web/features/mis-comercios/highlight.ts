/**
 * The business just registered: RegistroView leaves its id here before going to Mis comercios, which highlights
 * that card once and brings its payment button into view. In memory only: a reload shows the plain list.
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
