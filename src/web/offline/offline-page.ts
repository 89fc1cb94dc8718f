/**
 * The offline page's script (public/offline.html, ADR 050): lists the favourites the device keeps, the businesses as
 * links (a business page already opened comes from the service worker's cache), and retries the page asked for.
 * Bundled on its own by scripts/build-sw.ts: no React, nothing of the app's entry.
 */
import { ops } from '#shared/contract/ops';
import { matchRoute, ROUTES } from '#shared/routes';
import { FAVORITOS_KEY as KEY, isFavorito, type Favorito } from '#web/lib/favoritos-stored';

/** What favoritos.ts reads: nothing, or anything malformed, is an empty list. */
export function storedFavoritos(): Favorito[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isFavorito) : [];
  } catch {
    return [];
  }
}

function list(title: string, items: Favorito[], link: boolean): HTMLElement[] {
  if (items.length === 0) return [];
  const heading = document.createElement('h3');
  heading.textContent = title;
  const ul = document.createElement('ul');
  for (const f of items) {
    const li = document.createElement('li');
    const item = document.createElement(link ? 'a' : 'span');
    if (item instanceof HTMLAnchorElement) item.href = `/comercio/${f.id}`;
    item.textContent = f.nombre;
    li.append(item);
    ul.append(li);
  }
  return [heading, ul];
}

/** Favoritos is drawn from the server's answers: offline, this page stands for it, and says so. */
const FAVORITOS_OFFLINE =
  'Sin conexión no podemos traer tus favoritos al día. Acá están los que guardaste en este teléfono: los comercios que ya abriste se ven aunque no haya señal.';

/**
 * An account's pages are never kept on the device (ADR 050), however often they were opened: "todavía no la
 * abriste" was untrue for them (found in a stranger's round).
 */
const CUENTA_OFFLINE =
  'Las páginas de tu cuenta (Mis Comercios, los formularios, Mi cuenta) no se guardan en el teléfono, para que nadie más las vea: necesitan conexión. Las páginas públicas que ya abriste se ven aunque no haya señal.';

/** Why this page stands in for the one asked for, when the page's own words do not fit it. */
export function whyOffline(pathname: string): string | null {
  if (pathname === '/favoritos') return FAVORITOS_OFFLINE;
  const route = matchRoute(pathname);
  return route && ROUTES[route.name].access !== 'public' ? CUENTA_OFFLINE : null;
}

function show() {
  const reason = whyOffline(window.location.pathname);
  const why = document.getElementById('por-que');
  if (why && reason) why.textContent = reason;
  const favoritos = storedFavoritos();
  const box = document.getElementById('favoritos');
  if (box && favoritos.length > 0)
    box.replaceChildren(
      ...list(
        'Comercios',
        favoritos.filter((f) => f.kind === 'comercio'),
        true,
      ),
      ...list(
        'Promociones',
        favoritos.filter((f) => f.kind === 'promocion'),
        false,
      ),
    );
  document.getElementById('reintentar')?.addEventListener('click', () => window.location.reload());
}

let leaving = false;
window.addEventListener('pagehide', () => {
  leaving = true;
});
window.addEventListener('pageshow', (event) => {
  leaving = false;
  // Back from the back/forward cache: the tries stopped when the page was left.
  if (event.persisted) retryUntilReachable(0);
});

/**
 * The worker answers with this page for the URL asked for: back online, the page itself loads. Only once the server
 * answers: 'online' says a network is up, not that ours is reachable, and Chromium also fires it at a page being
 * left for another address, whose reload would take the person back from where they were going.
 */
export async function reloadWhenReachable(reload = () => window.location.reload()): Promise<boolean> {
  if (leaving || !navigator.onLine) return false;
  try {
    const answer = await fetch(ops.ping.path, { cache: 'no-store' });
    if (!answer.ok) return false;
  } catch {
    return false;
  }
  if (leaving) return false;
  reload();
  return true;
}

const FIRST_RETRY_MS = 2_000;
const LONGEST_RETRY_MS = 30_000;
let retry: number | undefined;

/**
 * Asks after `delay`, then less and less often, until the page can load. The 'online' event alone is not enough:
 * this page is also shown while the device has a network (our server did not answer, or the connection came back
 * while the page was on its way), and then no 'online' event ever comes. Offline, a try costs no request.
 */
export function retryUntilReachable(delay = FIRST_RETRY_MS, reload?: () => void): void {
  window.clearTimeout(retry);
  retry = window.setTimeout(() => {
    void reloadWhenReachable(reload).then((loaded) => {
      if (!loaded && !leaving) retryUntilReachable(Math.min(delay * 2, LONGEST_RETRY_MS), reload);
    });
  }, delay);
}

window.addEventListener('online', () => retryUntilReachable(0));
retryUntilReachable();
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', show);
else show();
