/**
 * The offline page's script (public/offline.html, ADR 050): lists the favourites the device keeps, the businesses as
 * links (a business page already opened comes from the service worker's cache), and retries the page asked for.
 * Bundled on its own by scripts/build-sw.ts: no React, nothing of the app's entry.
 */
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

function show() {
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

// The worker answers with this page for the URL asked for: back online, the page itself loads.
window.addEventListener('online', () => window.location.reload());
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', show);
else show();
