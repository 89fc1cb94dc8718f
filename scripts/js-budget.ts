/**
 * The initial-JavaScript budget of issue 11 (ADR 023), checked on every `npm run build:web`: for each
 * server-rendered public page, the scripts its HTML makes the browser load before anything is clicked (the entry,
 * index.html's modulepreloads, and the preloaded chunks of the lazy view the page hydrates, src/server/ssr/preload.ts)
 * gzipped at level 9 (1 kB = 1000 bytes, as Vite reports sizes). The budget is 100 kB. A page not yet
 * under it has a ceiling at its current figure (ADR 023 says what is left to do): the build fails when a page
 * grows past its ceiling, and past 100 kB once it got under. Lower a ceiling whenever a page gets smaller.
 * Usage: tsx scripts/js-budget.ts [dist/web]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { viewFiles, type Manifest, type PreloadView } from '../src/server/ssr/preload';

const BUDGET_BYTES = 100_000;
const webDir = path.resolve(process.argv[2] ?? 'dist/web');

const html = readFileSync(path.join(webDir, 'index.html'), 'utf8');
// The entry script and Vite's modulepreloads: `src="/assets/…js"` and `href="/assets/…js"`.
const entry = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
const manifest = JSON.parse(readFileSync(path.join(webDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;

const gzipped = new Map<string, number>();
const sizeOf = (file: string) => {
  let size = gzipped.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(webDir, file)), { level: 9 }).length;
    gzipped.set(file, size);
  }
  return size;
};

/** [page, the lazy view its HTML preloads (null: its view is in the entry), ceiling in bytes while over budget]. */
const pages: Array<[string, PreloadView | null, number]> = [
  // Over the budget since the opinions, the account pages and the compact promotion cards of the issue-28/29/33
  // round (the shared entry carries their routes, card count and card variant): held at that figure until the
  // phone issue's rework of the entry (issue 31, whose goal is 90 kB) brings every page back under (ADR 037);
  // with Rolldown's runtime chunk and Vite's preload helper as they come (ADR 038); with the replay of a tap made
  // before the app runs, the chip row's roving focus, and the results' skip link and announced count (ADR 044).
  // Home: plus the search box's loader of its suggestions' combobox, 0.1 kB (ADR 046). Every page: plus the route
  // table it reads its path from, 0.2 kB (ADR 051). Every page: plus "Abierto ahora"'s query flag and the URL's
  // `abierto` and `cerca`, 0.15 kB; home: plus its toggle, 0.15 kB (ADR 045).
  // Every page: plus the line that loads the service worker's registration after the page, 0.05 kB (ADR 050).
  // Home and business pages: plus the router's read and write of Promociones' "Banco o tarjeta" parameter,
  // 20 bytes (ADR 047). Home: plus the search box's check that a chosen suggestion's page is not undone by the
  // search it had pending, 30 bytes (ADR 054). Every page: less the icons' own component in place of
  // lucide-react's, 0.1 kB (ADR 055). Every page, /promociones now too: plus the loaders that hand the page's view
  // to hydration already loaded, so no tap on the view is lost, 0.25 kB (ADR 057). Every page: plus the side menu
  // in the entry, a native dialog that Menú opens before the app runs, less the modal code the browser now does,
  // 0.44 kB (ADR 059). Every page: plus the menu's open state held apart from the page, so that opening the menu
  // re-renders the menu alone, not the page behind it (src/web/shell/menu-state.tsx), 1–10 bytes. Every page: plus
  // the route parser's rule that "Hoy" and a weekday exclude each other, 6–12 bytes; /promociones: plus its
  // filters' side of it, 20 bytes. Every page: plus the favourites' list asked offline too, so the service worker's
  // kept answer shows instead of a spinner that waited for the connection, 13–15 bytes. Every page: plus the route
  // parser's cleaning of a URL's free text (control characters, an over-long search), so a hand-edited link still
  // searches instead of failing the page, and the favourite hearts named for their card, 79–84 bytes. Every page:
  // plus the router's leave guard (a link, Back or signing out asks before a form's unsaved changes are lost),
  // 150–157 bytes. Every page: plus the contact links' reading of '+54 261 15 …' and of other countries' numbers,
  // 43–61 bytes; business pages: plus the offline fallback to the page the service worker kept, 0.16 kB. Every
  // page: plus the route parser reading a locality with its accent ("Guaymallén"), 4–6 bytes. Business pages:
  // plus the opinions section in the view's own chunk, so it hydrates with the page instead of vanishing and
  // losing a tap on "Opinar" or "Ver más" (ADR 065), 1.77 kB. Every page: plus giving back each button tapped
  // before the app runs, not only the last (ADR 066), 3–7 bytes. Every page: plus the chunk loaders' one retry of
  // a failure the browser had not yet called offline (src/web/lib/online.ts), so the sandbox banner is not lost
  // on a dropped connection, 34–42 bytes. Business pages: plus the WhatsApp button's check that a phone copied to an
  // empty WhatsApp can be one (no chat with a local 420-1234 or a 0800), 39–46 bytes. /promociones: plus saying
  // that the list waits for the connection, in place of a skeleton that shimmered until it came, 67 bytes.
  ['/ (home and its filtered lists)', 'lista', 103_361],
  ['/promociones', 'promociones', 100_966],
  ['/comercio/:id', 'detalle', 104_969],
  ['/comercio/:id not found', 'comercio-not-found', 104_969],
  ['other not found', null, BUDGET_BYTES],
];

const kb = (bytes: number) => (bytes / 1000).toFixed(1).padStart(6);
let failed = false;
console.log(`Initial JavaScript per page (gzip -9; budget ${BUDGET_BYTES / 1000} kB)`);
for (const [page, view, ceiling] of pages) {
  const files = [...new Set([...entry, ...(view ? viewFiles(manifest, view) : [])])];
  const total = files.reduce((sum, f) => sum + sizeOf(f), 0);
  const limit = Math.max(BUDGET_BYTES, ceiling);
  failed ||= total > limit;
  const note =
    total > limit
      ? `  FAILS: over its limit of ${kb(limit).trim()} kB`
      : total > BUDGET_BYTES
        ? `  over the ${BUDGET_BYTES / 1000} kB budget by ${kb(total - BUDGET_BYTES).trim()} kB (ceiling ${kb(ceiling).trim()} kB)`
        : '';
  console.log(`${kb(total)} kB  ${page}${note}`);
  for (const f of files.sort((a, b) => sizeOf(b) - sizeOf(a))) console.log(`          ${kb(sizeOf(f))}  ${f}`);
}
if (failed) {
  console.error(`\nA public page's initial JavaScript grew past its limit (ADR 023, scripts/js-budget.ts).`);
  process.exit(1);
}
