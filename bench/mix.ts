/**
 * The realistic mix: what a city's visitors ask for, not one URL per route. Per request, drawn at random:
 * 25% home (its three data requests), 35% business pages (Zipf over ids), 15% searches (200 terms, Zipf,
 * pages 1–3), 15% category × locality (pages 1–20), 5% unfiltered pages (2–20), 5% promotions (pages 1–5,
 * a third of them by category). Optionally with owners editing their published businesses at a fixed rate.
 */
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import { CATEGORIAS } from '#shared/categorias-lista';
import { LOCALIDADES } from '#shared/constants';

/** Zipf(s = 1) over 0..n-1: a few items get most of the traffic, as real pages do. */
export function zipf(n: number, rand: () => number): () => number {
  const cumulative = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) cumulative[i] = sum += 1 / (i + 1);
  return () => {
    const x = rand() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

export function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** 200 search terms from the synthetic city's vocabulary: categories, name words, services, prefixes. */
function searchTerms(): string[] {
  const words = new Set<string>();
  const fold = (w: string) => w.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  for (const c of CATEGORIAS) for (const w of c.split(/\s+/)) if (w.length > 2) words.add(fold(w));
  for (const w of [
    'jose',
    'esquina',
    'buen gusto',
    'rosa',
    'andes',
    'san martin',
    'aconcagua',
    'vendimia',
    'parral',
    'las heras',
    'parque',
    'tala',
    'alameda',
    'barrio',
    'molino',
    'santa rita',
    'algarrobo',
    'canada',
    'olivos',
    'cerro',
    'fernandez',
    'gonzalez',
    'rodriguez',
    'lopez',
    'martinez',
    'perez',
    'gomez',
    'diaz',
    'sosa',
    'romero',
    'alvarez',
    'benitez',
    'quiroga',
    'videla',
    'ortiz',
    'delivery',
    'qr',
    'tarjetas',
    'envios',
    'wi-fi',
    'turnos',
  ])
    words.add(w);
  const base = [...words];
  for (const w of base) {
    if (words.size >= 200) break;
    if (w.length > 4) words.add(w.slice(0, 4));
  }
  for (let i = 0; words.size < 200; i++) words.add(`${base[i % base.length]} ${i}`);
  return [...words].slice(0, 200);
}

export function mixGenerator(n: number, seed = 42) {
  const rand = rng(seed);
  const detail = zipf(n, rand);
  const terms = searchTerms();
  const term = zipf(terms.length, rand);
  const category = zipf(CATEGORIAS.length, rand);
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  const enc = encodeURIComponent;
  const home = ['/api/comercios?page=1', '/api/comercios/categorias', '/api/promociones/destacadas'];
  return (): string => {
    const r = rand();
    if (r < 0.25) return home[int(0, 2)]!;
    if (r < 0.6) return `/api/comercios/${detail() + 1}`;
    if (r < 0.75) return `/api/comercios?q=${enc(terms[term()]!)}&page=${int(1, 3)}`;
    if (r < 0.9)
      return `/api/comercios?categoria=${enc(CATEGORIAS[category()]!)}&localidad=${enc(LOCALIDADES[int(0, LOCALIDADES.length - 1)]!)}&page=${int(1, 20)}`;
    if (r < 0.95) return `/api/comercios?page=${int(2, 20)}`;
    return rand() < 0.33
      ? `/api/promociones?categoria=${enc(CATEGORIAS[category()]!)}&page=1`
      : `/api/promociones?page=${int(1, 5)}`;
  };
}

/** How many distinct URLs the mix asks for in a sequence of this length. */
export function distinctUrls(n: number, length: number): number {
  const next = mixGenerator(n);
  const seen = new Set<string>();
  for (let i = 0; i < length; i++) seen.add(next());
  return seen.size;
}

export interface Editor {
  cookie: string;
  id: number;
  values: Record<string, unknown>;
}

/**
 * The owners' side, run in a worker thread: a fetch sent from the load generator's own thread would wait for
 * autocannon's 50 connections to be served between its request and its response, and count that time as the
 * server's. Plain JavaScript (no TypeScript loader in the worker).
 */
const EDIT_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { base, origin, editors, perSecond } = workerData;
const latencies = [];
let failures = 0;
let lastFailure = '';
let i = 0;
const inFlight = new Set();
const timer = perSecond > 0 ? setInterval(() => {
  const editor = editors[i++ % editors.length];
  const started = performance.now();
  const edit = fetch(base + '/api/comercios/' + editor.id, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie: editor.cookie, origin },
    body: JSON.stringify({ ...editor.values, descripcion: 'Editado por su dueño, versión ' + i + '.' }),
  })
    .then(async (res) => {
      const text = await res.text();
      if (res.ok) latencies.push(performance.now() - started);
      else { failures++; lastFailure = (res.status + ' ' + text).slice(0, 300); }
    })
    .catch((err) => { failures++; lastFailure = String(err); })
    .finally(() => inFlight.delete(edit));
  inFlight.add(edit);
}, 1000 / perSecond) : null;
parentPort.once('message', async () => {
  if (timer) clearInterval(timer);
  await Promise.all(inFlight);
  parentPort.postMessage({ latencies, failures, lastFailure });
});
`;

/** Owners editing their published businesses' description at `perSecond`; returns the edits' latencies. */
export function startEdits(base: string, origin: string, editors: Editor[], perSecond: number) {
  const worker = new Worker(EDIT_WORKER, { eval: true, workerData: { base, origin, editors, perSecond } });
  return {
    /** Stops sending and waits for the edits under way. */
    stop: () =>
      new Promise<{ latencies: number[]; failures: number; lastFailure: string }>((resolve, reject) => {
        worker.once('error', reject);
        worker.once('message', (result: { latencies: number[]; failures: number; lastFailure: string }) => {
          void worker.terminate();
          resolve(result);
        });
        worker.postMessage('stop');
      }),
  };
}

export interface MixResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
}

export async function runMix(
  base: string,
  n: number,
  duration: number,
  connections: number,
  seed: number,
): Promise<MixResult> {
  const next = mixGenerator(n, seed);
  const result = await autocannon({
    url: base,
    connections,
    duration,
    headers: { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' },
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: next() }) }],
  });
  // 404s are part of the mix (unpublished businesses' pages); only failures count as errors.
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result['5xx'],
    requests: result.requests.total,
  };
}

export const median = (xs: number[]) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};
