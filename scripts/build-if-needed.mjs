// Builds what is missing or older than its sources: the SPA and its server entry (vite), and the compiled server.
// `npm start` calls it in its own process (scripts/start.mjs); `node scripts/build-if-needed.mjs server` builds
// only the compiled server (the operator command line needs nothing else).
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const targets = [
  {
    name: 'the web app',
    key: 'web',
    // Its server entry (ADR 021) is written last by build:web, after dist/web.
    outputs: ['dist/ssr/entry-server.js'],
    inputs: ['src/web', 'src/shared', 'vite.config.ts', 'scripts/precompress.mjs', 'package-lock.json'],
    command: 'npm run build:web --silent',
  },
  {
    name: 'the server',
    key: 'server',
    outputs: ['dist/server/main.js', 'dist/server/operador-cli.js'],
    inputs: ['src/server', 'src/shared', 'scripts/build-server.mjs', 'package-lock.json'],
    command: 'npm run build:server --silent',
  },
];

/** Newest modification time under a path (test files included: harmless, and simpler than guessing). */
function newest(p, seen) {
  if (seen.has(p)) return seen.get(p);
  const full = path.join(root, p);
  let time = 0;
  if (existsSync(full)) {
    const s = statSync(full);
    time = s.isDirectory()
      ? Math.max(s.mtimeMs, ...readdirSync(full).map((name) => newest(path.join(p, name), seen)))
      : s.mtimeMs;
  }
  seen.set(p, time);
  return time;
}

/** Builds each target (or only `only`: 'web' or 'server') whose outputs are missing or older than its sources. */
export function buildIfNeeded(only) {
  const seen = new Map(); // src/shared and the lock are inputs of both targets: walked once
  for (const target of targets.filter((t) => !only || t.key === only)) {
    const sources = Math.max(...target.inputs.map((p) => newest(p, seen)));
    const stale = (output) => !existsSync(output) || statSync(output).mtimeMs < sources;
    if (target.outputs.some((o) => stale(path.join(root, o)))) {
      console.log(`Building ${target.name}…`);
      execSync(target.command, { cwd: root, stdio: 'inherit' });
    }
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) buildIfNeeded(process.argv[2]);
