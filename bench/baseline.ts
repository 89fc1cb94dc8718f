/**
 * Issue 14's "before": the figures the same benchmark gave when the issue was written (tsx in production, a
 * 2,000-entry FIFO cache cleared whole by every write, files read and compressed per request). Printed beside
 * every run's own figures so `bench/results/latest.md` always holds before and after; they are quoted, not
 * measured again (that code no longer exists).
 */
export const BASELINE_MD = [
  '## Before (issue 14, as measured when it was opened)',
  '',
  '| | PGlite | PostgreSQL |',
  '|---|---|---|',
  '| floor `/api/ping` req/s | 15,201 · 14,556 | 17,833 · 14,239 |',
  '| realistic mix, no writes | 1,172 · 1,261 (8–9% of floor, p99 110–154 ms) | 2,028 · 1,937 (11–14%, p99 109–125 ms) |',
  '| mix + 1 owner edit/s | 546 · 389 | 1,099 · 883 |',
  '| mix + 10 owner edits/s | 359 · 254 (p99 up to 895 ms) | 533 · 548 |',
  '| cache hit ratio: no writes / 1 edit/s / 10 edits/s | 77% / 41% / 23% | 78% / 47% / 3% |',
  '| owner edit (PUT) p50 at 1 edit/s | 229–305 ms | 221–284 ms |',
  '| server RSS, first `npm start` (fresh data, sample set) | 806–1,042 MiB (process group up to 1,147) | — |',
  '| server RSS idle, 10k businesses | 439–462 MiB (group 551–573) | 219 MiB (group 329) |',
  '| start to healthy `/api/health`: first run / existing data | 9.5–11.1 s / 2.4–3.1 s | 1.8–2.6 s |',
  '| cold home-page visits/s (replaying one visit’s 34 requests) | 29–32 | 40–45 |',
  '',
  'The cold visit was then the links of the home page’s HTML (34 requests); it is now what a phone Chromium',
  'really requests on a first visit (bench/cold-visit.ts), so the two visit counts differ.',
  '',
];
