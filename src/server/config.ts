import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);

/** Every environment variable the server reads, validated once at boot. README §Configuración lists them. */
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
  /** Load the Mendoza sample set into an empty database on start. */
  SEED_SAMPLE_DATA: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).default('true')).transform((v) => v === 'true'),
  /** Public origin (scheme://host[:port]) the app is served at; https here turns on Secure cookies and HSTS. */
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url().default('http://localhost:3000')),
  /** Secret that signs session cookies (Better Auth). Required in production with a real domain. */
  AUTH_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  /** Sign-in and sign-up attempts allowed per client address in 15 minutes. */
  AUTH_RATE_LIMIT_PER_IP: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(30)),
  /** Sign-in attempts allowed per account (email) in 15 minutes. */
  AUTH_RATE_LIMIT_PER_ACCOUNT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(10)),
  /** Behind a reverse proxy: trust X-Forwarded-* so rate limits see the client's address. */
  TRUST_PROXY: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).default('false')).transform((v) => v === 'true'),
});

export type Config = z.infer<typeof envSchema>;

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message} (got ${JSON.stringify(env[String(i.path[0])])})`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
