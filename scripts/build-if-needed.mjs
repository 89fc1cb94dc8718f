// `npm start` builds what is missing or older than its sources: the SPA and its server entry (vite), and the compiled server.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const targets = [
  {
    name: 'the web app',
    // Its server entry (ADR 021) is written last by build:web, after dist/web.
    output: 'dist/ssr/entry-server.js',
    inputs: ['src/web', 'src/shared', 'vite.config.ts', 'scripts/precompress.mjs', 'package-lock.json'],
    command: 'npm run build:web --silent',
  },
  {
    name: 'the server',
    output: 'dist/server/main.js',
    inputs: ['src/server', 'src/shared', 'scripts/build-server.mjs', 'package-lock.json'],
    command: 'npm run build:server --silent',
  },
];

/** Newest modification time under a path (test files included: harmless, and simpler than guessing). */
function newest(p) {
  const full = path.join(root, p);
  if (!existsSync(full)) return 0;
  const s = statSync(full);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(s.mtimeMs, ...readdirSync(full).map((name) => newest(path.join(p, name))));
}

for (const target of targets) {
  const output = path.join(root, target.output);
  if (!existsSync(output) || statSync(output).mtimeMs < Math.max(...target.inputs.map(newest))) {
    console.log(`Building ${target.name}…`);
    execSync(target.command, { cwd: root, stdio: 'inherit' });
  }
}
