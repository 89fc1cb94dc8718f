import compress from '@fastify/compress';
import etag from '@fastify/etag';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { trustedOrigins } from './auth/auth';
import { authRoutes } from './auth/routes';
import { registerCanonicalPaths, sendInvalidPath } from './http/canonical-path';
import { trustProxyOption } from './http/client-address';
import { registerOriginCheck } from './http/origin';
import { comerciosOwnerRoutes } from './comercios/owner-routes';
import { comerciosPublicRoutes } from './comercios/public-routes';
import { opinionesRoutes } from './opiniones/routes';
import { revisionesRoutes } from './revisiones/routes';
import type { AppDeps } from './deps';
import type { Logger } from './logger';
import { registerBodyDepthLimit } from './http/body-depth';
import { AppError, registerErrorHandling } from './http/errors';
import { contractRoutes } from './http/route';
import { registerSecurityHeaders } from './http/security-headers';
import { registerPrivateSessionAnswers } from './http/session-answers';
import { hasSessionCookie } from './auth/session';
import { DEFERRED_BOOT_CSP } from './http/deferred-scripts';
import { escapeAttr, pageHints } from './comercios/page-hints';
import { registerSpa } from './http/spa';
import { registerMissBudget } from './http/miss-budget';
import { serverPages } from './ssr/pages';
import { loadViewPreloads } from './ssr/preload';
import type { SsrRenderer } from '#shared/ssr';
import { PAYMENTS_MODE_META } from '#shared/constants';
import { GEOCODER_META, MAP_TILES_META } from '#shared/page-meta';
import { contract } from '#shared/contract';
import { favoritosRoutes } from './favoritos/routes';
import { geocoderRoutes } from './geocoder/routes';
import { imagenesRoutes } from './imagenes/routes';
import { estadisticasRoutes } from './estadisticas/routes';
import { pagosOwnerRoutes } from './pagos/owner-routes';
import { operadorRoutes } from './operador/routes';
import { denunciasRoutes } from './denuncias/routes';
import { paymentsRoutes } from './pagos/routes';
import { promocionesPublicRoutes } from './promociones/public-routes';
import { seoRoutes } from './seo/routes';

export interface BuildAppOptions {
  /** Folder of the built SPA; null serves the API only. */
  webDir: string | null;
  /** The process's logger (createLogger: its `err` serializer keeps query parameters out); none in most tests. */
  logger?: Logger;
  /**
   * The web app's server entry (dist/ssr/entry-server.js, startLoadingSsrRenderer), or its load under way: public
   * pages are rendered on the server.
   */
  ssr?: SsrRenderer | Promise<SsrRenderer> | null;
  /** Told about every route as it is added (the fuzz test checks it covers them all). */
  onRoute?: (route: RouteOptions) => void;
}

/** JSON bodies are small; routes that take images raise their own limit. */
const DEFAULT_BODY_LIMIT = 100 * 1024;

export async function buildApp(deps: AppDeps, options: BuildAppOptions): Promise<FastifyInstance> {
  // Seen by Fastify as its base logger type, so routes and plugins keep the default instance type.
  const loggerInstance: FastifyBaseLogger | undefined = options.logger;
  const app = Fastify({
    loggerInstance,
    bodyLimit: DEFAULT_BODY_LIMIT,
    // The client's address is what the trusted proxy saw, never what the client wrote (ADR 024).
    trustProxy: trustProxyOption(deps.config.TRUST_PROXY),
    // Fastify 5 closes idle keep-alive sockets on close() and waits for in-flight requests.
    forceCloseConnections: 'idle',
    // A URL Fastify cannot decode (a bad percent-escape such as %ZZ or %C0%AE) fails before any hook runs;
    // its default answer is English. Found by the route fuzz.
    frameworkErrors: (_error, request, res) => {
      sendInvalidPath(request, res);
    },
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // JSON routes take JSON only: a text/plain body is what a cross-site form or a "simple" fetch can send
  // without a preflight, so it is refused (415) before any handler runs. Uploads add their own parser.
  app.removeContentTypeParser('text/plain');
  // First of all: a path that is not canonical never reaches a router, a limiter or a library.
  registerCanonicalPaths(app);
  // While closing, answers still being written tell the client to hang up, so keep-alive sockets of requests
  // that were in flight do not hold the shutdown open until their idle timeout.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  const https = deps.config.PUBLIC_URL.startsWith('https:');
  // Mercado Pago's Card Payment Brick loads its script, frames and API calls from these origins.
  const mp = deps.payments.provider.name === 'mercadopago';
  const mpScripts = mp ? ['https://sdk.mercadopago.com', 'https://http2.mlstatic.com'] : [];
  const mpConnect = mp
    ? [
        'https://api.mercadopago.com',
        'https://*.mercadopago.com',
        'https://*.mercadolibre.com',
        'https://http2.mlstatic.com',
      ]
    : [];
  const mpFrames = mp ? ['https://*.mercadopago.com', 'https://*.mercadolibre.com', 'https://*.mercadolivre.com'] : [];

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", DEFERRED_BOOT_CSP, ...mpScripts],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: [
          "'self'",
          'data:',
          'blob:',
          tileOrigin(deps.config.MAP_TILE_URL),
          ...(mp ? ['https://*.mlstatic.com', 'https://*.mercadopago.com'] : []),
        ],
        connectSrc: ["'self'", ...mpConnect],
        frameSrc: mp ? mpFrames : ["'none'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Plain http (local, tests) must not be told to upgrade; behind https it is.
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    strictTransportSecurity: https ? { maxAge: 15552000, includeSubDomains: true } : false,
  });
  // Before compression and entity tags: a signed-in request's answers are never marked public (ADR 050).
  registerPrivateSessionAnswers(app, hasSessionCookie);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(etag, { weak: true });
  registerErrorHandling(app);
  registerBodyDepthLimit(app);
  registerOriginCheck(app, trustedOrigins(deps.config), deps.config.PUBLIC_URL);

  // The benchmarks' floor: every plugin runs, no database.
  const route = contractRoutes(app, async () => null);
  route(contract.ops.ping, async ({ reply }) => {
    reply.header('cache-control', 'no-store');
    return { ok: true };
  });

  route(contract.ops.health, async ({ request, reply }) => {
    try {
      await deps.db.execute(sql`SELECT 1`);
      // The public cache's counters: how operators (and `npm run bench`) see its hit ratio.
      reply.header('cache-control', 'no-store');
      return { status: 'ok', database: deps.database.kind, publicCache: deps.publicCache.stats() };
    } catch (err) {
      request.log.error({ err }, 'health check failed');
      throw new AppError(503, 'database_unavailable', 'La base de datos no responde.');
    }
  });

  // Misses per address (ADR 048), before the routes that ask it; with the cache off every answer is a miss by the
  // operator's choice, and nothing is counted.
  if (deps.config.PUBLIC_CACHE_TTL_MS > 0) await registerMissBudget(app, deps.config.PUBLIC_MISS_LIMIT_PER_MINUTE);
  await app.register(authRoutes, deps);
  await app.register(comerciosPublicRoutes, deps);
  await app.register(comerciosOwnerRoutes, deps);
  await app.register(promocionesPublicRoutes, deps);
  await app.register(favoritosRoutes, deps);
  await app.register(imagenesRoutes, deps);
  await app.register(paymentsRoutes, deps);
  await app.register(pagosOwnerRoutes, deps);
  await app.register(estadisticasRoutes, deps);
  await app.register(denunciasRoutes, deps);
  await app.register(opinionesRoutes, deps);
  await app.register(revisionesRoutes, deps);
  await app.register(operadorRoutes, deps);
  await app.register(geocoderRoutes, deps);
  await app.register(seoRoutes, deps);
  // The client shows its "modo de prueba" banner from the first paint (no request, no layout shift).
  // The map tile template reaches the client the same way, read only when a map is shown.
  const paymentsMeta =
    `<meta name="${PAYMENTS_MODE_META}" content="${deps.payments.provider.name}">` +
    `<meta name="${MAP_TILES_META}" content="${escapeAttr(deps.config.MAP_TILE_URL)}">` +
    (deps.config.GEOCODER_URL ? `<meta name="${GEOCODER_META}" content="1">` : '');
  await registerSpa(
    app,
    options.webDir,
    (request, pathname, search) => pageHints(deps, request, pathname, search),
    paymentsMeta,
    options.ssr ? serverPages(deps, options.ssr, loadViewPreloads(options.webDir)) : undefined,
  );
  return app;
}

/** "https://tile.openstreetmap.org/{z}/{x}/{y}.png" → "https://tile.openstreetmap.org" (for the CSP). */
function tileOrigin(template: string): string {
  return new URL(template.replace(/\{[a-z]\}/g, '0')).origin;
}
