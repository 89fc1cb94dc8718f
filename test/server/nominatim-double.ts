import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One place as Nominatim's /search?format=jsonv2 writes it (coordinates as strings, as the real service does). */
export function nominatimPlace(lat: number, lon: number, displayName: string, placeId = 1) {
  return {
    place_id: placeId,
    licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
    osm_type: 'way',
    osm_id: 100_000 + placeId,
    lat: String(lat),
    lon: String(lon),
    category: 'highway',
    type: 'residential',
    place_rank: 26,
    importance: 0.053,
    addresstype: 'road',
    name: displayName.split(',')[0],
    display_name: displayName,
    boundingbox: [String(lat - 0.001), String(lat + 0.001), String(lon - 0.001), String(lon + 0.001)],
  };
}

export interface NominatimRequest {
  at: number;
  url: URL;
  headers: IncomingHttpHeaders;
}

/**
 * A Nominatim-compatible geocoder on 127.0.0.1 for tests (the border with an outside service): GET /search
 * answers `answer(q)` as JSON, or misbehaves as told (`mode`). Every request is recorded.
 */
export async function startNominatimDouble(answer: (q: string) => unknown[]) {
  const requests: NominatimRequest[] = [];
  const state = { mode: 'ok' as 'ok' | 'error' | 'slow' | 'garbage' };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push({ at: Date.now(), url, headers: req.headers });
    if (url.pathname !== '/search') {
      res.writeHead(404).end();
      return;
    }
    if (state.mode === 'error') {
      res.writeHead(503, { 'content-type': 'text/html' }).end('<h1>Service unavailable</h1>');
      return;
    }
    if (state.mode === 'garbage') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"error":"Unable to geocode"}');
      return;
    }
    const send = () =>
      res
        .writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
        .end(JSON.stringify(answer(url.searchParams.get('q') ?? '')));
    if (state.mode === 'slow') setTimeout(send, 2_000);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setMode(mode: typeof state.mode) {
      state.mode = mode;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
