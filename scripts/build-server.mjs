// Compiles the server into one JavaScript file that plain `node` runs (no TypeScript at run time):
// dist/server/main.js and dist/server/operador-cli.js with their source maps, plus the files it reads beside itself (migrations, presized sample images).
// sharp (native), PGlite (WebAssembly and data files) and pg stay in node_modules.
import { execFileSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'dist/server');

rmSync(out, { recursive: true, force: true });
await build({
  // Two bundles sharing nothing at run time: the server, and the operator command line (`npm run operator:add`),
  // which finds the same migrations and PGlite template beside itself.
  entryPoints: {
    main: path.join(root, 'src/server/main.ts'),
    'operador-cli': path.join(root, 'src/server/operador/cli.ts'),
  },
  outdir: out,
  bundle: true,
  // Code behind a dynamic import() goes in its own file, loaded on first use: each database driver (with its
  // external package) only when chosen, mail and image code only when needed (issue 14's memory goal).
  splitting: true,
  // Beside main.js, so files found relative to a module (migrations, presized images, the PGlite template) stay where they are.
  chunkNames: '[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Stack traces in the logs point at the TypeScript sources (the logger maps them: src/server/source-mapped-stack.ts).
  sourcesContent: false,
  minifySyntax: true,
  minifyWhitespace: true,
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
// A migrated, empty PGlite folder: a first start unpacks it instead of running initdb and the migrations.
execFileSync(
  process.execPath,
  ['--import', 'tsx', path.join(root, 'scripts/pglite-template.ts'), path.join(out, 'pglite-template.tar.gz')],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
console.log('Built dist/server/main.js and dist/server/operador-cli.js');
