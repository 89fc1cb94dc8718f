import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { ApiErrorBody } from '#shared/api';

export interface RawResponse {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  json(): ApiErrorBody;
}

/**
 * Sends a request with the path exactly as written. fetch() and Fastify's inject() both run the URL through
 * WHATWG parsing, which removes "./", "../" and "%2e" segments, so they cannot show a dot-segment bypass.
 */
export async function rawRequest(
  app: FastifyInstance,
  opts: { method?: string; path: string; headers?: Record<string, string>; body?: string | object },
): Promise<RawResponse> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const payload =
    opts.body === undefined ? undefined : typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
  const headers: Record<string, string> = {
    ...(payload !== undefined && typeof opts.body === 'object' ? { 'content-type': 'application/json' } : {}),
    ...opts.headers,
  };
  if (payload !== undefined) headers['content-length'] = String(Buffer.byteLength(payload));
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method: opts.method ?? 'GET', path: opts.path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        resolve({
          statusCode: res.statusCode ?? 0,
          headers: res.headers,
          body,
          json: () => JSON.parse(body) as ApiErrorBody,
        });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}
