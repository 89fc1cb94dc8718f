/**
 * Vite plugin for the browser build: the web needs of the typed contract (ADR 012) only each endpoint's method,
 * path and whether its body is raw bytes (src/web/lib/api.ts never validates at runtime, the server does). The
 * real contract builds every zod schema when loaded, which put zod and all shared schemas in the first load of
 * every page (about a quarter of it; ADR 023 and docs/performance.md). So the browser gets the same `contract` object reduced to that data, computed
 * from the real one at build time (its index and each resource's file): nothing to keep in sync by hand, types
 * still come from the real files. A browser import of any other runtime export of a resource file fails the build.
 * The SSR build, the dev server and Vitest see the real contract.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

interface EndpointLike {
  method: string;
  path: string;
  body?: unknown;
}

/** Each endpoint as the browser uses it; a bytes body keeps its marker, a schema body becomes `true`. */
function reduce(contract: Record<string, Record<string, EndpointLike>>) {
  const out: Record<string, Record<string, object>> = {};
  for (const [resource, endpoints] of Object.entries(contract)) {
    out[resource] = {};
    for (const [name, e] of Object.entries(endpoints)) {
      const isBytes = typeof e.body === 'object' && e.body !== null && 'kind' in e.body;
      out[resource][name] = {
        method: e.method,
        path: e.path,
        ...(e.body === undefined ? {} : { body: isBytes ? { kind: 'bytes' } : true }),
      };
    }
  }
  return out;
}

/** Loads the real contract in Node (bundled by esbuild with the tsconfig aliases, zod left external). */
async function loadContract(root: string) {
  const result = await build({
    entryPoints: [path.join(root, 'src/shared/contract/index.ts')],
    bundle: true,
    format: 'esm',
    platform: 'node',
    packages: 'external',
    write: false,
    tsconfig: path.join(root, 'tsconfig.base.json'),
    logLevel: 'silent',
  });
  // Inside the project, so the external `zod` resolves from its node_modules.
  const dir = path.join(root, 'node_modules/.cache');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `web-contract-${process.pid}-${Date.now()}.mjs`);
  writeFileSync(file, result.outputFiles[0]!.text);
  try {
    const mod = (await import(pathToFileURL(file).href)) as { contract: Record<string, Record<string, EndpointLike>> };
    return reduce(mod.contract);
  } finally {
    rmSync(file, { force: true });
  }
}

const VIRTUAL = 'virtual:vidriera-web-contract';

/**
 * One module per resource with one export per endpoint, and `contract` the namespace of their namespaces: a
 * `contract.operador.…` or `contract.comercios.update` in the browser's code is a static reference the bundler
 * resolves, so what only the owner or operator views call goes to their chunks, not to the first page (ADR 023).
 */
export function webContract(root: string): Plugin {
  const dir = path.join(root, 'src/shared/contract');
  let table: Record<string, Record<string, object>> | undefined;
  return {
    name: 'vidriera-web-contract',
    apply: 'build',
    resolveId(id, _importer, options) {
      return !options?.ssr && id.startsWith(VIRTUAL) ? `\0${id}` : null;
    },
    async load(id, options) {
      if (options?.ssr) return null;
      if (id.startsWith(`\0${VIRTUAL}`)) {
        table ??= await loadContract(root);
        const resource = id.slice(VIRTUAL.length + 2);
        // The root re-exports each resource from its own module: the unit the bundler keeps or leaves out.
        if (!resource)
          return Object.keys(table)
            .map((name) => `export * as ${name} from '${VIRTUAL}/${name}';`)
            .join('\n');
        const endpoints = table[resource];
        if (!endpoints) throw new Error(`web-contract: no resource ${resource}`);
        // One export per endpoint, the resource being this module's namespace: `contract.comercios.update` is
        // a static member the bundler resolves, so an endpoint only owner views call stays out of the first load.
        return Object.entries(endpoints)
          .map(([name, e]) => `export const ${name} = ${JSON.stringify(e)};`)
          .join('\n');
      }
      if (path.dirname(id) !== dir || !id.endsWith('.ts')) return null;
      table ??= await loadContract(root);
      const name = path.basename(id, '.ts');
      if (name === 'index') return `export * from './endpoint';\nexport * as contract from '${VIRTUAL}';\n`;
      // A resource's own file (src/shared/imagenes.ts imports one directly): the same reduced object.
      if (name in table) return `export * as ${name} from '${VIRTUAL}/${name}';\n`;
      return null;
    },
  };
}
