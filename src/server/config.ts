import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '#shared/constants';
import { parseTrustProxy, type TrustProxy } from '#server/http/client-address';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);

/** Every environment variable the server reads, validated once at boot. docs/configuration.md lists them. */

/** The most URLs one sitemap file may list (sitemaps.org protocol). */
export const SITEMAP_MAX_URLS = 50_000;
const envSchema = z.object({
  NODE_ENV: z.preprocess(emptyAsUndefined, z.enum(['development', 'production', 'test']).default('production')),
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyAsUndefined, z.string().min(1).default('0.0.0.0')),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().min(1).default('./data')),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  LOG_LEVEL: z.preprocess(emptyAsUndefined, z.enum(LOG_LEVELS).default('info')),
  /** Folder of the built SPA (vite build's output). */
  WEB_DIR: z.preprocess(emptyAsUndefined, z.string().min(1).default('dist/web')),
  /** Load the Mendoza sample set into an empty database on start. */
  SEED_SAMPLE_DATA: z
    .preprocess(emptyAsUndefined, z.enum(['true', 'false']).default('true'))
    .transform((v) => v === 'true'),
  /**
   * Password of the sample data's demo owner account (demo@vidriera.local), created only with the sample data.
   * Unset: "demo-vidriera" on a local http address, and no demo account on an https PUBLIC_URL.
   */
  DEMO_OWNER_PASSWORD: z.preprocess(emptyAsUndefined, z.string().min(MIN_PASSWORD_LENGTH).max(128).optional()),
  /**
   * Public origin (scheme://host[:port]) the app is served at; https here turns on Secure cookies and HSTS.
   * Unset: http://localhost:<PORT>, the address of a local run.
   */
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
  /** Secret that signs session cookies (Better Auth). Required in production with a real domain. */
  AUTH_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  /** Sign-in and sign-up attempts allowed per client address in 15 minutes. */
  AUTH_RATE_LIMIT_PER_IP: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(30)),
  /**
   * Sign-in attempts allowed per account (email) and address in 15 minutes; also the wrong passwords an
   * operator may type at the console's password re-prompt (suspend, refund) in 15 minutes.
   */
  AUTH_RATE_LIMIT_PER_ACCOUNT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(10)),
  /**
   * Which payments provider runs. Unset: Mercado Pago when its credentials are set, else the sandbox, except
   * on an https PUBLIC_URL, where the sandbox (free publication with a test card) must be asked for by name.
   */
  PAYMENTS_PROVIDER: z.preprocess(emptyAsUndefined, z.enum(['sandbox', 'mercadopago']).optional()),
  /** Mercado Pago credentials: with both set, payments go to Mercado Pago; without them, to the offline sandbox. */
  MP_ACCESS_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(10).optional()),
  MP_PUBLIC_KEY: z.preprocess(emptyAsUndefined, z.string().min(10).optional()),
  /** The secret Mercado Pago shows for the application's webhooks (x-signature). Generated for the sandbox. */
  MP_WEBHOOK_SECRET: z.preprocess(emptyAsUndefined, z.string().min(8).optional()),
  /** Orders API base URL (contract tests point it at a local server). */
  MP_API_BASE_URL: z.preprocess(emptyAsUndefined, z.url().default('https://api.mercadopago.com')),
  /** Sandbox: how long a CONT (pending) payment waits before it is approved and notified. */
  SANDBOX_PENDING_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(600_000).default(4000)),
  /** Sandbox: where its notifications are posted (our own webhook). Default: this server on 127.0.0.1. */
  SANDBOX_WEBHOOK_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  /** How often unfinished payment attempts are reconciled with the provider. */
  PAYMENTS_RECONCILE_INTERVAL_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1000).default(60_000)),
  /** How long a public read may be served from memory (writes clear it at once); 0 turns the cache off. */
  PUBLIC_CACHE_TTL_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(3_600_000).default(300_000)),
  /** Images one account may upload per hour and per day (counted in the database, shared by every instance). */
  UPLOAD_LIMIT_PER_HOUR: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(40)),
  UPLOAD_LIMIT_PER_DAY: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(150)),
  /** Reports ("Denunciar") one client address may send per hour (counted in the database's rate_limits). */
  REPORT_LIMIT_PER_HOUR: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(10)),
  /**
   * Public answers one client address may have computed for it per minute: cache misses and "Cerca mío" answers
   * (ADR 048), spent a sixth per 10 s. Past it, 429 for what the cache does not hold; cached answers are still
   * served to it.
   */
  PUBLIC_MISS_LIMIT_PER_MINUTE: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(300)),
  /** Memory the public cache may hold, in megabytes (least recently used answers leave first). */
  PUBLIC_CACHE_MB: z.preprocess(emptyAsUndefined, z.coerce.number().min(1).max(4096).default(64)),
  /** Memory for image variants served from memory instead of the database, in megabytes. */
  IMAGE_CACHE_MB: z.preprocess(emptyAsUndefined, z.coerce.number().min(0).max(4096).default(16)),
  /** Businesses per sitemap page: the protocol's maximum; tests set a few to get several pages. */
  SITEMAP_PAGE_SIZE: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(SITEMAP_MAX_URLS).default(SITEMAP_MAX_URLS),
  ),
  /** PostgreSQL server: writes within this window reach the other instances in one notification. */
  PUBLIC_CACHE_BATCH_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(900).default(100)),
  /** SMTP server for owners' emails (smtp://user:pass@host:587 or smtps://…:465). Unset: written to MAIL_OUTBOX_DIR. */
  SMTP_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^smtps?$/ }).optional()),
  /** Sender of the owners' emails. */
  MAIL_FROM: z.preprocess(emptyAsUndefined, z.string().min(3).default('Vidriera <no-responder@vidriera.local>')),
  /** Without SMTP_URL, emails are logged and saved here as .eml files. Default: <DATA_DIR>/outbox. */
  MAIL_OUTBOX_DIR: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  /** How often each instance queues due reminders and sends queued emails. */
  MAIL_INTERVAL_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1000).default(30_000)),
  /** Count detail views and contact taps per business and day (no cookies, nothing personal stored). */
  STATS_ENABLED: z
    .preprocess(emptyAsUndefined, z.enum(['true', 'false']).default('true'))
    .transform((v) => v === 'true'),
  /** How often each instance adds its in-memory counts to the database. */
  STATS_FLUSH_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(100).max(600_000).default(5000)),
  /**
   * Most distinct (visitor, business, counter) entries each instance keeps per day; beyond it the least recently
   * seen are forgotten (ADR 025): new visitors still count, a forgotten one may count again.
   */
  STATS_MAX_VISITORS_PER_DAY: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(100_000)),
  /** Taps (POST /api/comercios/:id/eventos) one client address may report per minute (counted in memory). */
  EVENT_RATE_LIMIT_PER_MINUTE: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(60)),
  /**
   * Accounts that are operators (the console at /operador), comma-separated emails; each becomes an operator
   * when it signs in. Operators can promote others from the console, and `npm run operator:add` does it too.
   */
  OPERATOR_EMAILS: z.preprocess(emptyAsUndefined, z.string().default('')).transform((v) =>
    v
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  ),
  /**
   * Map tiles ({z}/{x}/{y} template, http or https): OpenStreetMap's standard tiles unless an operator points
   * at their own or a provider's. The browser loads them directly, so the origin is added to img-src.
   */
  MAP_TILE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^https?:\/\/[^/]+\/.*\{z\}.*\{x\}.*\{y\}/, 'must be an http(s) URL template with {z}, {x} and {y}')
      .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  ),
  /**
   * A Nominatim-compatible geocoder (base URL; its /search is called) for the owners' address search. Unset:
   * the search is hidden and owners place the pin by hand. Mind the service's usage policy (ADR 019).
   */
  GEOCODER_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^https?:\/\/[^/]+/, 'must be an http(s) URL')
      .optional(),
  ),
  /** Address searches one account may make per hour (counted in the database's rate_limits). */
  GEOCODER_LIMIT_PER_HOUR: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(30)),
  /**
   * Behind a reverse proxy: whose X-Forwarded-For to believe, so limits see the client's address (ADR 024). The
   * proxies' addresses/CIDRs (comma-separated) or how many proxies are in front; false/unset: the socket's
   * address. "true" (every hop) is refused: the client writes the header's first entries itself.
   */
  TRUST_PROXY: z.preprocess(emptyAsUndefined, z.string().optional()).transform((v, ctx): TrustProxy => {
    const parsed = parseTrustProxy(v);
    if (parsed.ok) return parsed.value;
    ctx.addIssue({ code: 'custom', message: parsed.error });
    return z.NEVER;
  }),
});

type Env = z.infer<typeof envSchema>;
type ResolvedUrl = Omit<Env, 'PUBLIC_URL'> & {
  PUBLIC_URL: string;
  /** Whether PUBLIC_URL was set by the operator (false: derived from PORT). */
  PUBLIC_URL_SET: boolean;
};
/** The validated settings; PAYMENTS_PROVIDER is always resolved to the provider that will run. */
export type Config = Omit<ResolvedUrl, 'PAYMENTS_PROVIDER'> & { PAYMENTS_PROVIDER: 'sandbox' | 'mercadopago' };

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) => `  ${i.path.join('.')}: ${i.message} (got ${JSON.stringify(env[String(i.path[0])])})`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config: ResolvedUrl = {
    ...parsed.data,
    PUBLIC_URL: parsed.data.PUBLIC_URL ?? new URL(`http://localhost:${parsed.data.PORT}`).origin,
    PUBLIC_URL_SET: parsed.data.PUBLIC_URL !== undefined,
  };
  if (Boolean(config.MP_ACCESS_TOKEN) !== Boolean(config.MP_PUBLIC_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  MP_ACCESS_TOKEN and MP_PUBLIC_KEY go together: set both (Mercado Pago) or neither (sandbox).',
    );
  }
  if (config.MP_ACCESS_TOKEN && !config.MP_WEBHOOK_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  MP_WEBHOOK_SECRET is required with Mercado Pago credentials (webhook signatures).',
    );
  }
  return { ...config, PAYMENTS_PROVIDER: resolvePaymentsProvider(config) };
}

/**
 * The sandbox approves any test card, so a public (https) server without Mercado Pago credentials would
 * publish businesses for free: that combination only starts when the operator names the sandbox.
 */
function resolvePaymentsProvider(config: ResolvedUrl): Config['PAYMENTS_PROVIDER'] {
  const hasCredentials = Boolean(config.MP_ACCESS_TOKEN && config.MP_PUBLIC_KEY && config.MP_WEBHOOK_SECRET);
  if (config.PAYMENTS_PROVIDER === 'mercadopago' && !hasCredentials) {
    throw new ConfigError(
      'Invalid configuration:\n  PAYMENTS_PROVIDER=mercadopago needs MP_ACCESS_TOKEN, MP_PUBLIC_KEY and MP_WEBHOOK_SECRET.',
    );
  }
  if (config.PAYMENTS_PROVIDER) return config.PAYMENTS_PROVIDER;
  if (hasCredentials) return 'mercadopago';
  if (new URL(config.PUBLIC_URL).protocol === 'https:') {
    throw new ConfigError(
      'Invalid configuration:\n' +
        `  PUBLIC_URL is ${config.PUBLIC_URL} (https) but no Mercado Pago credentials are set: the offline sandbox would ` +
        'publish businesses with test cards, for free.\n' +
        '  Set MP_ACCESS_TOKEN, MP_PUBLIC_KEY and MP_WEBHOOK_SECRET for real payments, or PAYMENTS_PROVIDER=sandbox to ' +
        'run the test mode on purpose (the site then shows a "Modo de prueba" banner).',
    );
  }
  return 'sandbox';
}
