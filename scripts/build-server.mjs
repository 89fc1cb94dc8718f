// Compiles the server into one JavaScript file that plain `node` runs (no TypeScript at run time):
// dist/server/main.js with its source map, plus the files it reads beside itself (migrations, presized sample images).
// sharp (native), PGlite (WebAssembly and data files) and pg stay in node_modules.
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'dist/server');

rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: [path.join(root, 'src/server/main.ts')],
  outfile: path.join(out, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Stack traces in the logs point at the TypeScript sources (node --enable-source-maps).
  sourcesContent: false,
  minifySyntax: true,
  legalComments: 'none',
  external: ['sharp', '@electric-sql/pglite', '@electric-sql/pglite/*', 'pg', 'pg-native'],
  // Bundled CommonJS dependencies still call require() for Node's built-ins.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
// Found at run time relative to the compiled file, exactly as src/server/{db,seed} find them.
cpSync(path.join(root, 'src/server/db/migrations'), path.join(out, 'migrations'), { recursive: true });
cpSync(path.join(root, 'src/server/seed/presized'), path.join(out, 'presized'), { recursive: true });
console.log('Built dist/server/main.js');
