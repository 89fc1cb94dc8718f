/**
 * Taps made before the app's scripts ran are given back to the app once it hydrates, so a person who taps "Menú"
 * or two favourites while the page is still settling sees them answer instead of tapping again. The boot script
 * (src/server/http/deferred-scripts.ts) keeps in `vidrieraTap` each `type="button"` button tapped, in the order of
 * its first tap: a button tapped again because nothing happened is kept once, so a toggle is not toggled back
 * (ADR 066). Links and GET forms need no help, they work without JavaScript. Once hydration starts (with the
 * view's code in hand, src/web/lib/chunks.ts) React's own event replay takes over, so `false` there tells the boot
 * script to stop keeping taps.
 */
declare global {
  interface Window {
    vidrieraTap?: Element[] | false | null;
  }
}

/** The buttons tapped before hydration, in order; from now on taps are React's to replay. */
export function takePendingTaps(): Element[] {
  const taps = window.vidrieraTap;
  window.vidrieraTap = false;
  return taps || [];
}

/**
 * Taps the buttons again once hydrateRoot has attached React's listeners: a part not hydrated yet is hydrated
 * first and then gets the click (React's replay of discrete events). A button since disabled ignores it.
 */
export function replayTaps(taps: Element[]): void {
  if (taps.length)
    setTimeout(() => {
      for (const tap of taps) if (tap instanceof HTMLElement) tap.click();
    }, 0);
}
