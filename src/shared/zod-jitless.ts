/**
 * zod 4 would otherwise probe `new Function` and compile object parsers with it; the browser's CSP
 * (script-src 'self') blocks that and reports a violation on every page. zod reads its config when a schema is
 * built, so this must run first: the web entry imports this module before anything else, and schemas/locale.ts
 * (imported by every shared schema) imports it too.
 *
 * zod keeps that config on `globalThis.__zod_globalConfig` (zod/v4/core/core.js, shared by every copy of zod);
 * writing it here instead of calling `z.config` keeps zod out of the web's first load (even zod/v4/core's
 * `config` brings a few kB). zod-jitless.test.ts checks zod still reads it.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;
