import { createHash } from 'node:crypto';

/**
 * The app's JavaScript starts downloading once the page has painted its largest image (ADR 021, amendment
 * "Scripts after the first paint"). A server-rendered page is readable and navigable without it (links, GET
 * forms); the scripts only hydrate it. Named in the head, the entry shares a phone's first round trips with
 * the page's photo, and Lighthouse counts every script that arrived before the largest paint into it (a much
 * later simulated LCP; figures in docs/performance.md). So the head names the modules in meta tags and
 * this one inline module loads them: after the high-priority image has reached the screen, at once in a tab that
 * is or becomes hidden (it paints no frames); after 2.5 s at the latest, so a photo stalled on a bad connection
 * never leaves the page without its scripts; and at the visitor's first tap or key press, which needs them (a
 * button acts only once the page has hydrated, so each button tapped before then is kept, once, and tapped again
 * in order once the app starts (src/web/lib/pending-tap.ts, ADR 066); not a button that acts by itself through an
 * invoker command, as Menú opens its dialog (ADR 059). Client-only pages (owner views) have no such image and wait
 * one frame.
 *
 * "Reached the screen" is the photo's Element Timing entry where the browser has it (Chromium: the image carries
 * `elementtiming`), which comes once the frame is presented. A frame painted is not yet a frame shown: on a busy
 * phone the compositor can show it tens of milliseconds later, and scripts evaluated in between pushed the
 * recorded largest paint behind them (a late LCP in some Lighthouse runs; ADR 030, and the runs in
 * bench/results/history/023-amendments.md). Without Element Timing the scripts start in the next task after a painted frame once the photo
 * has loaded, as before; with it, that same rule is the fallback 0.5 s after the load, for a photo loaded but
 * never shown (scrolled away). A photo that fails or is already broken: one frame after.
 */
export const DEFERRED_BOOT =
  'let started=false;const go=()=>{if(started)return;started=true;for(const m of document.querySelectorAll(\'meta[name="vidriera-module"]\')){' +
  'const l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=m.content;document.head.append(l)}' +
  'import(document.querySelector(\'meta[name="vidriera-entry"]\').content)};' +
  'const later=()=>requestAnimationFrame(()=>setTimeout(go,0));' +
  'const img=document.querySelector(\'img[fetchpriority="high"]\');' +
  'addEventListener("click",e=>{const t=self.vidrieraTap;if(t===false)return;const b=e.target.closest&&e.target.closest("button");' +
  'if(b&&b.type==="button"&&!b.commandForElement){const l=t||(self.vidrieraTap=[]);l.includes(b)||l.push(b)}},{capture:true,passive:true});' +
  'if(document.visibilityState!=="visible")go();' +
  'else{setTimeout(go,2500);document.addEventListener("visibilitychange",go,{once:true});' +
  'for(const t of["pointerdown","keydown"])addEventListener(t,go,{once:true,capture:true,passive:true});' +
  'if(!img||(img.complete&&!img.naturalWidth))later();' +
  'else{let loaded=later;' +
  'if(img.hasAttribute("elementtiming")&&PerformanceObserver.supportedEntryTypes?.includes("element")){' +
  'new PerformanceObserver((l,o)=>{o.disconnect();setTimeout(go,0)}).observe({type:"element",buffered:true});' +
  'loaded=()=>setTimeout(later,500)}' +
  'if(img.complete)loaded();else{img.addEventListener("load",loaded,{once:true});img.addEventListener("error",later,{once:true})}}}';

/** The content security policy's source for DEFERRED_BOOT, the only inline script the pages run. */
export const DEFERRED_BOOT_CSP = `'sha256-${createHash('sha256').update(DEFERRED_BOOT).digest('base64')}'`;

/** A module the boot script preloads beside the entry (the entry's shared chunks, a page's lazy view). */
export function moduleMeta(href: string): string {
  return `<meta name="vidriera-module" content="${href}">`;
}

/**
 * Vite's head (entry `<script type="module">`, its `<link rel="modulepreload">`s) rewritten for DEFERRED_BOOT:
 * the same modules named in meta tags, nothing fetched before the boot script asks. A head without a module
 * entry (tests, an API-only build) is left as it is.
 */
export function deferScripts(html: string): string {
  const head = html.slice(0, html.indexOf('</head>'));
  const entry = head.match(/<script\s[^>]*type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\s*/);
  if (!entry) return html;
  const preloads = [...head.matchAll(/<link\s[^>]*rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>\s*/g)];
  let out = html.replace(entry[0], '');
  for (const [tag] of preloads) out = out.replace(tag, '');
  const metas =
    `<meta name="vidriera-entry" content="${entry[1]}">` +
    preloads.map(([, href]) => moduleMeta(href!)).join('') +
    `<script type="module">${DEFERRED_BOOT}</script>`;
  return out.replace('</head>', `${metas}</head>`);
}
