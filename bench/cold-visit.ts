/**
 * Cold home-page visits per second: every request a first-time visitor's browser makes for the home page
 * (the page, its scripts and styles, the data, the card and strip images), replayed by autocannon with no
 * browser cache. Visits/s = requests/s ÷ requests per visit.
 */
import autocannon from 'autocannon';

interface Card {
  imagen: string | null;
}

export async function homeVisitRequests(base: string): Promise<string[]> {
  const html = await (await fetch(`${base}/`)).text();
  const assets = [...html.matchAll(/(?:src|href)="(\/[^"]+)"/g)]
    .map((m) => m[1]!)
    .filter((u) => !u.startsWith('/api/'));
  const data = [
    '/api/auth/get-session',
    '/api/comercios?page=1',
    '/api/comercios/categorias',
    '/api/promociones/destacadas',
  ];
  const list = (await (await fetch(`${base}/api/comercios?page=1`)).json()) as { items: Card[] };
  const strip = (await (await fetch(`${base}/api/promociones/destacadas`)).json()) as {
    items: Array<{ imagen: string | null; comercio: Card }>;
  };
  const images = new Set<string>();
  for (const c of list.items) if (c.imagen) images.add(`/api/imagenes/${c.imagen}/thumb.webp`);
  for (const p of strip.items) {
    const id = p.imagen ?? p.comercio.imagen;
    if (id) images.add(`/api/imagenes/${id}/thumb.webp`);
  }
  return ['/', ...new Set(assets), ...data, ...images];
}

export async function measureColdVisits(base: string, duration: number, connections: number) {
  const paths = await homeVisitRequests(base);
  const result = await autocannon({
    url: base,
    connections,
    duration,
    headers: { 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'es-AR' },
    requests: paths.map((path) => ({ method: 'GET' as const, path })),
  });
  const rps = result.requests.average;
  return {
    requestsPerVisit: paths.length,
    rps: Math.round(rps),
    visitsPerSecond: Math.round((rps / paths.length) * 10) / 10,
    errors: result.errors + result['5xx'],
    kbPerVisit: Math.round(((result.throughput.total / Math.max(1, result.requests.total)) * paths.length) / 1024),
  };
}
