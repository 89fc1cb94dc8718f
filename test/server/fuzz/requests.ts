import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { z } from 'zod';
import { encodeSandboxToken } from '#shared/sandbox-token';
import { signNotification } from '#server/pagos/signature';
import { TEST_ORIGIN, TEST_WEBHOOK_SECRET } from '#test/server/app';
import { HTML_AS_PNG, SVG_IMAGE, TEXT_AS_PNG } from '#test/server/imagenes';
import type { Target } from './catalogue';
import { validArb, zodArb } from './from-zod';
import { edgeString, HUGE_NUMBERS, INJECTIONS } from './hostile';
import type { ActorName, World } from './world';

/**
 * One fuzz case: a route, an actor, and everything hostile about the request. World-dependent parts (which
 * business, which image, which order) are symbolic here and resolved when the case runs, so the same case
 * means the same thing whatever ids the database handed out.
 */
export interface FuzzCase {
  actor: ActorName;
  /** 0 = the actor's own cookie; otherwise a tampered or foreign one. */
  cookie: 'own' | 'none' | 'tampered' | 'garbage' | 'huge' | 'own+junk';
  origin: string | null;
  method: string | null;
  pathMutation: number | null;
  mutationAt: number;
  ref: { owner: 'own' | 'other' | 'missing' | 'raw'; n: number; raw: string };
  file: string;
  query: string;
  contentType: string | null;
  body:
    | { kind: 'json'; value: unknown }
    | { kind: 'raw'; text: string }
    | { kind: 'image'; which: number }
    | { kind: 'webhook'; order: number; signature: number; ts: number }
    | { kind: 'none' };
  imageRef: 'keep' | 'own' | 'other';
  remote: number;
  extraHeaders: Record<string, string>;
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];

export const HOSTILE_ORIGINS = [
  'https://evil.example',
  'null',
  'http://localhost:3000.evil.example',
  'http://localhost:3001',
  'HTTP://LOCALHOST:3000',
  'http://localhost:3000/',
  'file://',
];

const HOSTILE_IDS = [
  '0',
  '-1',
  '1.5',
  '1e3',
  '2147483648',
  '99999999999999999999999',
  'abc',
  ' 1',
  '0x10',
  '1%00',
  '%2e%2e',
  '..',
  'NaN',
  'Infinity',
  '00000000001',
  '1;DROP TABLE comercios',
  '%E2%80%AE1',
  '１',
  "1'",
  '-0',
];

const CONTENT_TYPES = [
  'text/plain',
  'text/plain;charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'application/json; charset=utf-16',
  'application/JSON',
  'application/json, text/plain',
  'application/vnd.api+json',
  'application/csp-report',
  'image/png',
  'application/octet-stream',
  'application/json;;;',
  'application/xml',
  '*/*',
];

const RAW_BODIES = [
  '{',
  '{"a":',
  'null',
  '[]',
  '"texto"',
  '0',
  'true',
  '{"__proto__":{"pagoStatus":true,"destacado":true}}',
  '{"constructor":{"prototype":{"pagoStatus":true}}}',
  '['.repeat(5000) + ']'.repeat(5000),
  '{"a":' + '9'.repeat(400) + '}',
  '\ufeff{}',
  '{"nombre":"\\u0000"}',
  '\u0000\u0000',
  'nombre=x&pagoStatus=true',
  '--fuzz\r\nContent-Disposition: form-data; name="nombre"\r\n\r\nx\r\n--fuzz--\r\n',
  '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
  '{"a":1,"a":2}',
  '{"nombre": "x", "nombre": {"$gt": ""}}',
];

/** Path tricks: dot segments, encodings, case, separators, junk. Each gets the rendered path and a position. */
const PATH_MUTATIONS: Array<(p: string, at: number) => string> = [
  (p, at) => insertSegment(p, '.', at),
  (p, at) => insertSegment(p, 'x/..', at),
  (p, at) => insertSegment(p, '%2e', at),
  (p, at) => insertSegment(p, '%2E%2E', at),
  (p, at) => insertSegment(p, '..', at),
  (p, at) => encodeOneChar(p, at, false),
  (p, at) => encodeOneChar(p, at, true),
  (p, at) => replaceSlash(p, at, '%2f'),
  (p, at) => replaceSlash(p, at, '%5c'),
  (p, at) => replaceSlash(p, at, '\\'),
  (p, at) => replaceSlash(p, at, '//'),
  (p) => `${p}/`,
  (p) => `${p}/.`,
  (p) => `${p}/..`,
  (p) => `${p}%00`,
  (p) => `${p}%`,
  (p) => `${p}%ZZ`,
  (p) => `${p};jsessionid=1`,
  (p) => `${p}#frag`,
  (p) => p.toUpperCase(),
  (p) => `/${p}`,
  (p) => `/api/../${p.slice(1)}`,
  (p) => `${p}/${'a'.repeat(3000)}`,
  (p) => `${p}%E2%80%AE`,
  (p) => `${p}%C0%AE`,
  (p) => p.replace('/api/', '/api%2f'),
];

/**
 * encodeURIComponent, except that lone surrogates are sent as their (invalid) three UTF-8-style bytes instead
 * of throwing: exactly what a hostile client can put on the wire.
 */
export function pct(value: string): string {
  let out = '';
  for (const ch of value) {
    const code = ch.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff)
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    else out += encodeURIComponent(ch);
  }
  return out;
}

function insertSegment(path: string, segment: string, at: number): string {
  const parts = path.split('/');
  const i = 1 + (at % Math.max(1, parts.length - 1));
  parts.splice(i, 0, segment);
  return parts.join('/');
}

function encodeOneChar(path: string, at: number, upper: boolean): string {
  const letters = [...path].map((c, i) => [c, i] as const).filter(([c]) => /[a-z.\-_]/i.test(c));
  if (!letters.length) return path;
  const [c, i] = letters[at % letters.length]!;
  const hex = c.charCodeAt(0).toString(16).padStart(2, '0');
  return path.slice(0, i) + '%' + (upper ? hex.toUpperCase() : hex) + path.slice(i + 1);
}

function replaceSlash(path: string, at: number, by: string): string {
  const slashes = [...path].map((c, i) => [c, i] as const).filter(([c, i]) => c === '/' && i > 0);
  if (!slashes.length) return path;
  const [, i] = slashes[at % slashes.length]!;
  return path.slice(0, i) + by + path.slice(i + 1);
}

/** A query string from a query schema: each value as text, arrays as repeated keys, objects bracketed, junk appended. */
function queryArb(target: Target): fc.Arbitrary<string> {
  const fromSchema = target.query
    ? zodArb(target.query, { hostility: 2 }).map((v) =>
        v && typeof v === 'object' && !Array.isArray(v) ? encodeQuery(v as Record<string, unknown>) : '',
      )
    : fc.constant('');
  const junk = fc.constantFrom(
    '',
    '__proto__[pagoStatus]=true',
    'constructor[prototype][x]=1',
    'page=1&page=2',
    'q=%00',
    'categoria=%00',
    'q=%ff%fe',
    'q=%',
    'q=%u0000',
    'page=1e400',
    'page=-0',
    'localidad=capital',
    `r=${'x'.repeat(2000)}`,
    'data.id=ORD01X&type=order',
  );
  return fc
    .tuple(fromSchema, junk, fc.nat(3))
    .map(([q, j, roll]) => [q, roll === 0 ? j : ''].filter(Boolean).join('&'));
}

function encodeQuery(values: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(values)) {
    if (Array.isArray(v)) for (const item of v) parts.push(`${pct(k)}=${pct(String(item))}`);
    else if (v && typeof v === 'object')
      for (const [kk, vv] of Object.entries(v)) parts.push(`${pct(k)}[${pct(kk)}]=${pct(String(vv))}`);
    else parts.push(`${pct(k)}=${pct(String(v))}`);
  }
  return parts.join('&');
}

const HOLDERS = ['APRO', 'CONT', 'FUND', 'OTHE', 'CALL', 'apro', ' APRO ', 'APRO\u0000', '\u202eAPRO', 'X'.repeat(300)];

function bodyArb(target: Target): fc.Arbitrary<FuzzCase['body']> {
  const raw = fc.constantFrom(...RAW_BODIES).map((text): FuzzCase['body'] => ({ kind: 'raw', text }));
  const b = target.body;
  switch (b.kind) {
    case 'none':
      return fc.oneof(
        { weight: 9, arbitrary: fc.constant<FuzzCase['body']>({ kind: 'none' }) },
        { weight: 1, arbitrary: raw },
      );
    case 'image':
      return fc.oneof(
        { weight: 6, arbitrary: fc.nat(IMAGE_KINDS - 1).map((which): FuzzCase['body'] => ({ kind: 'image', which })) },
        { weight: 1, arbitrary: raw },
      );
    case 'webhook':
      return fc.oneof(
        {
          weight: 6,
          arbitrary: fc
            .record({ order: fc.nat(20), signature: fc.nat(7), ts: fc.constantFrom(0, -3_600_000, 3_600_000, -30_000) })
            .map((w): FuzzCase['body'] => ({ kind: 'webhook', ...w })),
        },
        { weight: 1, arbitrary: raw },
        {
          weight: 1,
          arbitrary: zodArb(WEBHOOK_BODY, { hostility: 2 }).map((value): FuzzCase['body'] => ({ kind: 'json', value })),
        },
      );
    case 'json': {
      // A third of the bodies are valid, so ownership and payment rules are reached, not only validation.
      let value = fc.oneof(
        { weight: 1, arbitrary: validArb(b.schema) },
        { weight: 2, arbitrary: zodArb(b.schema, { hostility: 1 }) },
      );
      if (b.extra === 'payment-refs') {
        // A realistic card token and amount most of the time, so the payment goes as deep as it can.
        value = fc
          .tuple(
            value,
            fc.constantFrom(...HOLDERS),
            fc.constantFrom('450', '450.00', '450.001', '0', '-450', '4.5e2', '450 ', '45000', '1e308', 'NaN'),
            fc.nat(3),
          )
          .map(([v, holder, amount, roll]) => {
            if (!v || typeof v !== 'object' || Array.isArray(v) || roll === 0) return v;
            const body = v as Record<string, unknown>;
            const payments = (body.transactions as { payments?: unknown } | undefined)?.payments;
            if (Array.isArray(payments) && payments[0] && typeof payments[0] === 'object') {
              const p = payments[0] as Record<string, unknown>;
              if (p.payment_method && typeof p.payment_method === 'object')
                (p.payment_method as Record<string, unknown>).token = encodeSandboxToken({ holder, last4: '3704' });
              if (roll > 1) p.amount = amount;
            }
            if (roll > 1) body.total_amount = amount;
            body.external_reference = '$REF';
            return body;
          });
      }
      return fc.oneof(
        { weight: 8, arbitrary: value.map((v): FuzzCase['body'] => ({ kind: 'json', value: v })) },
        { weight: 1, arbitrary: raw },
      );
    }
  }
}

/** The notification's shape (mercadopago-notes.md), for hostile variants of it. */
const WEBHOOK_BODY = z.object({ action: z.string(), type: z.string(), data: z.object({ id: z.string().max(64) }) });

export const IMAGE_KINDS = 12;

export function caseArb(target: Target): fc.Arbitrary<FuzzCase> {
  return fc.record({
    actor: fc.constantFrom<ActorName>('guest', 'A', 'B'),
    cookie: fc.oneof(
      { weight: 12, arbitrary: fc.constant<FuzzCase['cookie']>('own') },
      { weight: 1, arbitrary: fc.constantFrom<FuzzCase['cookie']>('none', 'tampered', 'garbage', 'huge', 'own+junk') },
    ),
    origin: fc.oneof(
      { weight: 12, arbitrary: fc.constant(TEST_ORIGIN) },
      { weight: 2, arbitrary: fc.constant(null) },
      { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_ORIGINS) },
    ),
    method: fc.oneof(
      { weight: 9, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: fc.constantFrom(...METHODS) },
    ),
    pathMutation: fc.oneof(
      { weight: 6, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: fc.nat(PATH_MUTATIONS.length - 1) },
    ),
    mutationAt: fc.nat(20),
    ref: fc.record({
      owner: fc.constantFrom<FuzzCase['ref']['owner']>('own', 'own', 'other', 'other', 'missing', 'raw'),
      n: fc.nat(5),
      raw: fc.oneof(
        fc.constantFrom(...HOSTILE_IDS),
        fc.constantFrom(...HUGE_NUMBERS).map(String),
        edgeString(8).map(pct),
      ),
    }),
    file: fc.oneof(
      fc.constantFrom(
        'thumb.webp',
        'medium.webp',
        'large.webp',
        'thumb',
        'large.png',
        '..%2f..%2fetc%2fpasswd',
        'thumb.webp%00.png',
        'LARGE.WEBP',
      ),
      fc.constantFrom(...INJECTIONS).map(pct),
    ),
    query: queryArb(target),
    contentType: fc.oneof(
      { weight: 8, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
    ),
    body: bodyArb(target),
    imageRef: fc.constantFrom<FuzzCase['imageRef']>('keep', 'keep', 'own', 'other'),
    remote: fc.nat(4095),
    extraHeaders: fc.oneof(
      { weight: 8, arbitrary: fc.constant({}) },
      {
        weight: 1,
        arbitrary: fc.constantFrom<Record<string, string>>(
          { 'x-http-method-override': 'DELETE' },
          { 'x-forwarded-for': '1.2.3.4' },
          // What nginx's $proxy_add_x_forwarded_for makes of a client-written header: a rotating part before the
          // address the proxy saw. The fuzz's app trusts its callers as proxies (fuzz.test.ts), so this is the
          // header a limiter must not believe past the trusted hop.
          { 'x-forwarded-for': '203.0.113.9, 10.0.0.1' },
          { 'x-forwarded-for': '203.0.113.9, 198.51.100.2, 10.9.9.9' },
          { 'x-forwarded-for': 'unknown, ::ffff:10.0.0.1, [::1]:80, 999.1.1.1' },
          { forwarded: 'for=203.0.113.9;proto=https' },
          { 'x-real-ip': '203.0.113.9' },
          { 'x-forwarded-host': 'evil.example' },
          { host: 'evil.example' },
          { 'accept-encoding': 'identity;q=0, *;q=0' },
          { 'accept-encoding': 'br, gzip, deflate, zstd' },
          { accept: 'text/html' },
          { 'if-none-match': '*' },
          { 'content-encoding': 'gzip' },
          { 'transfer-encoding': 'chunked' },
          // Header bytes Node's parser lets through (NUL and line breaks never reach the app over HTTP).
          { 'x-request-id': '\u00ff\u0080\t' },
        ),
      },
    ),
  });
}

export interface BuiltRequest {
  options: InjectOptions;
  /** The actor the server should see (a tampered cookie makes anyone a guest). */
  effectiveActor: ActorName;
  foreignOrigin: boolean;
  signedByProvider: boolean;
  /** For the report. */
  summary: string;
}

/** Turns a symbolic case into a request against the current world. */
export function buildRequest(
  target: Target,
  c: FuzzCase,
  world: World,
  images: Buffer[],
  trusted: string[],
): BuiltRequest {
  const actor = world.actors[c.actor];
  const owner: 'A' | 'B' = c.actor === 'B' ? 'B' : 'A';
  const other: 'A' | 'B' = owner === 'A' ? 'B' : 'A';
  const pick = <T>(list: T[], n: number): T | undefined => (list.length ? list[n % list.length] : undefined);
  const idFor = (): string => {
    if (c.ref.owner === 'raw') return c.ref.raw;
    if (c.ref.owner === 'missing') return String(world.missingId + c.ref.n);
    return String(pick(world.comercios[c.ref.owner === 'own' ? owner : other], c.ref.n) ?? world.missingId);
  };
  const id = idFor();
  const imageId = pick(world.imagenes[c.ref.owner === 'other' ? other : owner], c.ref.n) ?? '0'.repeat(32);

  let path = target.path
    .replace(':id/:file', `${imageId}/${c.file}`)
    .replace(':id', id)
    .replace(':unknown', c.file)
    .replace(':kind', 'comercio');
  if (c.pathMutation !== null) path = PATH_MUTATIONS[c.pathMutation]!(path, c.mutationAt);
  let query = c.query;

  const method = c.method ?? target.method;
  const headers: Record<string, string> = { ...c.extraHeaders };
  if (c.origin !== null) headers.origin = c.origin;

  let effectiveActor: ActorName = c.actor;
  if (actor.cookie) {
    if (c.cookie === 'own') headers.cookie = actor.cookie;
    else if (c.cookie === 'own+junk') headers.cookie = `${actor.cookie}; better-auth.session_data=junk; a=b`;
    else {
      effectiveActor = 'guest';
      if (c.cookie === 'tampered')
        headers.cookie = actor.cookie.replace(/.(?=[^=]*$)/, (ch) => (ch === 'A' ? 'B' : 'A'));
      if (c.cookie === 'garbage') headers.cookie = 'better-auth.session_token=%00%ff;;;=';
      if (c.cookie === 'huge') headers.cookie = `better-auth.session_token=${'a'.repeat(6000)}`;
    }
  }

  let signedByProvider = false;
  let payload: string | Buffer | undefined;
  let contentType: string | undefined;
  const body = c.body;
  if (body.kind === 'json') {
    let value = body.value;
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const v = value as Record<string, unknown>;
      if (v.external_reference === '$REF') v.external_reference = `comercio_${id}`;
      if (c.imageRef !== 'keep' && 'imagen' in v)
        v.imagen = pick(world.imagenes[c.imageRef === 'own' ? owner : other], c.ref.n) ?? v.imagen;
      value = v;
    }
    payload = JSON.stringify(value) ?? 'null';
    contentType = 'application/json';
  } else if (body.kind === 'raw') {
    payload = body.text;
    contentType = 'application/json';
  } else if (body.kind === 'image') {
    payload = images[body.which % images.length]!;
    contentType = [
      'image/png',
      'image/jpeg',
      'image/webp',
      'application/octet-stream',
      'image/svg+xml',
      'image/gif',
      'image/png',
      'image/png',
    ][body.which];
  } else if (body.kind === 'webhook') {
    const orderId = body.order < world.orderIds.length ? world.orderIds[body.order]! : `ORD01FUZZ${body.order}`;
    const requestId = `fuzz-${body.order}`;
    const ts = String(Date.now() + body.ts);
    const signatures = [
      signNotification(TEST_WEBHOOK_SECRET, orderId, requestId, ts),
      signNotification('wrong-secret', orderId, requestId, ts),
      `ts=${ts},v1=${'0'.repeat(64)}`,
      'ts=,v1=',
      '',
      `v1=${'f'.repeat(64)},ts=${ts}`,
      signNotification(TEST_WEBHOOK_SECRET, `${orderId}x`, requestId, ts),
      'ts=1,v1=\u0000',
    ];
    headers['x-signature'] = signatures[body.signature % signatures.length]!;
    signedByProvider = body.signature % signatures.length === 0 && Math.abs(body.ts) < 60_000;
    headers['x-request-id'] = requestId;
    query = [`data.id=${pct(orderId)}`, 'type=order', query].filter(Boolean).join('&');
    payload = JSON.stringify({ action: 'order.processed', type: 'order', data: { id: orderId } });
    contentType = 'application/json';
  }
  if (c.contentType !== null && payload !== undefined) contentType = c.contentType;
  if (method === 'GET' || method === 'HEAD') payload = undefined;
  if (payload !== undefined && contentType) headers['content-type'] = contentType;

  const url = query ? `${path}?${query}` : path;
  const origin = headers.origin;
  const foreignOrigin = origin !== undefined && !trusted.includes(originOf(origin));
  const shown = typeof payload === 'string' ? payload.slice(0, 300) : payload ? `<${payload.length} bytes>` : '';
  return {
    options: {
      method,
      url,
      headers,
      payload,
      remoteAddress: `10.${(c.remote >> 8) & 15}.${c.remote & 255}.${1 + (c.remote % 250)}`,
    },
    effectiveActor,
    foreignOrigin,
    signedByProvider,
    summary: `${c.actor}${effectiveActor !== c.actor ? '(as guest)' : ''} ${method} ${url.slice(0, 200)} ${JSON.stringify({ ...headers, cookie: headers.cookie ? '<cookie>' : undefined })} ${shown}`,
  };
}

/** The origin a browser would mean (scheme and host folded to lower case, no path); '' when unparseable. */
function originOf(value: string): string {
  try {
    const url = new URL(value);
    return url.origin === 'null' ? '' : url.origin;
  } catch {
    return '';
  }
}

export async function fuzzImages(): Promise<Buffer[]> {
  const { hugeCanvasPng, hugeTextChunk, pngImage } = await import('#test/server/imagenes');
  const sharp = (await import('sharp')).default;
  const bomb = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: { r: 0, g: 0, b: 0 } } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  const small = await pngImage(64, 48);
  return [
    small,
    TEXT_AS_PNG,
    HTML_AS_PNG,
    Buffer.alloc(0),
    SVG_IMAGE,
    Buffer.concat([small.subarray(0, 40), Buffer.from('truncated')]),
    bomb,
    // A thin strip: few bytes, many pixels in one dimension.
    await sharp({ create: { width: 1, height: 30000, channels: 3, background: { r: 9, g: 9, b: 9 } } })
      .png()
      .toBuffer(),
    // Huge-aspect canvases under the pixel cap (each side past the cap) and a 1 × 1 whose text inflates past it:
    // memory a decode would take whatever the pixel count says.
    hugeCanvasPng(6_000_000, 4),
    hugeCanvasPng(600_000, 40),
    hugeCanvasPng(4, 6_000_000),
    hugeCanvasPng(1, 1, { extra: [await hugeTextChunk(64 * 1024 * 1024)] }),
  ];
}
