/**
 * A tap made before the app's scripts ran is given back to the app once it hydrates, so a person who taps "Menú"
 * while the page is still settling sees the menu open instead of tapping again. The boot script
 * (src/server/http/deferred-scripts.ts) keeps the last `type="button"` button tapped in `vidrieraTap`; links and
 * GET forms need no help, they work without JavaScript. Once hydration starts (with the view's code in hand,
 * src/web/lib/chunks.ts) React's own event replay takes over, so `false` there tells the boot script to stop
 * keeping taps.
 */
declare global {
  interface Window {
    vidrieraTap?: Element | false | null;
  }
}

/** The button tapped before hydration, if any; from now on taps are React's to replay. */
export function takePendingTap(): Element | false | null | undefined {
  const tap = window.vidrieraTap;
  window.vidrieraTap = false;
  return tap;
}

/**
 * Taps the button again once hydrateRoot has attached React's listeners: a part not hydrated yet is hydrated
 * first and then gets the click (React's replay of discrete events). A button since disabled ignores it.
 */
export function replayTap(tap: ReturnType<typeof takePendingTap>): void {
  if (tap instanceof HTMLElement) setTimeout(() => tap.click(), 0);
}
