import { isPublicPage, KEEP_PAGE, SKIP_WAITING } from '#shared/offline';

/**
 * The service worker's registration (ADR 050), loaded by the entry as it starts and run once the page has loaded and
 * the browser is idle: nothing of it is in a page's initial JavaScript. It also keeps the pages the worker did not fetch itself (the
 * one the person landed on, before the worker existed, and the businesses opened inside the app), and offers a
 * waiting new version ("Hay una versión nueva · Actualizar").
 */
export function whenLoaded(): void {
  const idle = () => ('requestIdleCallback' in window ? requestIdleCallback(register) : setTimeout(register, 0));
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
}

function register(): void {
  const container = navigator.serviceWorker;
  const landedBeforeWorker = !container.controller;
  container
    .register('/sw.js', { scope: '/' })
    .then((registration) => {
      if (registration.waiting && container.controller) offerUpdate(registration.waiting);
      registration.addEventListener('updatefound', () => {
        const next = registration.installing;
        next?.addEventListener('statechange', () => {
          if (next.state === 'installed' && container.controller) offerUpdate(next);
        });
      });
    })
    .catch(() => {
      // No worker (private mode in some browsers, storage off): the site works as before, online.
    });

  const keep = (href: string) => {
    void container.ready.then((registration) => registration.active?.postMessage({ type: KEEP_PAGE, url: href }));
  };
  if (landedBeforeWorker && isPublicPage(location.pathname)) keep(location.href);
  // A business opened inside the app is a view, not a page request: kept too, so a reload without signal shows
  // it. Lists reached inside the app are not (a chip or a search is a new address each time); their answers are.
  const nav = (window as { navigation?: EventTarget }).navigation;
  nav?.addEventListener('currententrychange', () => {
    if (location.pathname.startsWith('/comercio/') && isPublicPage(location.pathname)) keep(location.href);
  });
}

const BANNER_ID = 'vidriera-actualizar';

/** A small bar at the bottom: "Hay una versión nueva · Actualizar"; the button activates the waiting version. */
function offerUpdate(waiting: ServiceWorker): void {
  if (document.getElementById(BANNER_ID)) return;
  const bar = document.createElement('div');
  bar.id = BANNER_ID;
  bar.setAttribute('role', 'status');
  bar.className =
    'fixed inset-x-3 bottom-4 z-50 mx-auto flex max-w-md items-center justify-between gap-3 rounded-card bg-ink-900 py-2 pr-2 pl-4 text-sm font-semibold text-white shadow-card';
  const text = document.createElement('span');
  text.textContent = 'Hay una versión nueva';
  const dot = document.createElement('span');
  dot.setAttribute('aria-hidden', 'true');
  dot.textContent = '·';
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'Actualizar';
  button.className = 'min-h-11 rounded-full bg-white px-4 font-bold text-ink-900';
  button.addEventListener('click', () => {
    button.disabled = true;
    navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
    waiting.postMessage(SKIP_WAITING);
  });
  text.append(' ', dot);
  // Filled once in the page, so screen readers announce it as a status that appeared.
  document.body.append(bar);
  requestAnimationFrame(() => bar.append(text, button));
}
