// Builds what is missing or older than its sources: the SPA and its server entry (vite), and the compiled server.
// `npm start` calls it in its own process (scripts/start.mjs); `node scripts/build-if-needed.mjs server` builds
// only the compiled server (the operator command line needs nothing else). Each stage is announced on one line
// before it runs, so a first start that builds says so instead of sitting silent; the stages are read from
// package.json's build scripts, so this list and `npm run build` cannot drift apart.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

const targets = [
  {
    name: 'the web app',
    key: 'web',
    script: 'build:web',
    // Its server entry (ADR 021) is written last by build:web, after dist/web.
    outputs: ['dist/ssr/entry-server.js'],
    inputs: [
      'src/web',
      'src/sw',
      'src/shared',
      'vite.config.ts',
      'scripts/build-sw.ts',
      'scripts/precompress.mjs',
      'package-lock.json',
    ],
  },
  {
    name: 'the server',
    key: 'server',
    script: 'build:server',
    outputs: ['dist/server/main.js', 'dist/server/operador-cli.js'],
    inputs: ['src/server', 'src/shared', 'scripts/build-server.mjs', 'package-lock.json'],
  },
];

/** What each build command does, in words; a command not listed is announced as itself. */
const STAGE_NAMES = [
  [/\bvite build .*--ssr/, 'the server-rendering entry (vite build --ssr)'],
  [/\bvite build\b/, 'the browser bundle (vite build)'],
  [/^tsx scripts\/build-sw\.ts/, 'the service worker (esbuild, Workbox)'],
  [/^node scripts\/precompress\.mjs/, 'the precompressed copies (.br, .gz)'],
  [/^tsx scripts\/js-budget\.ts/, 'the JavaScript budget check'],
  [/^node scripts\/build-server\.mjs/, 'the compiled server (esbuild)'],
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

/**
 * The stage commands of an npm script, in order: its `&&` steps, with `npm run x` steps expanded. Vite is asked
 * for warnings and errors only: the start announces the stage, and Vite's per-file size report is for
 * `npm run build`.
 */
function stagesOf(script) {
  return scripts[script].split('&&').flatMap((part) => {
    const command = part.trim();
    const nested = /^npm run ([\w:-]+)(?: --silent)?$/.exec(command);
    if (nested) return stagesOf(nested[1]);
    return [/\bvite build\b/.test(command) ? `${command} --logLevel warn` : command];
  });
}

/** Builds each target (or only `only`: 'web' or 'server') whose outputs are missing or older than its sources. */
export function buildIfNeeded(only) {
  const seen = new Map(); // src/shared and the lock are inputs of both targets: walked once
  const env = { ...process.env, PATH: `${path.join(root, 'node_modules/.bin')}${path.delimiter}${process.env.PATH}` };
  let announced = false;
  for (const target of targets.filter((t) => !only || t.key === only)) {
    const sources = Math.max(...target.inputs.map((p) => newest(p, seen)));
    const missing = target.outputs.some((o) => !existsSync(path.join(root, o)));
    const stale = missing || target.outputs.some((o) => statSync(path.join(root, o)).mtimeMs < sources);
    if (!stale) continue;
    if (!announced) {
      console.log(
        missing
          ? 'First start: building the app into dist/ before listening (later starts rebuild only what changed).'
          : 'Sources changed since the last build: rebuilding before listening.',
      );
      announced = true;
    }
    const stages = stagesOf(target.script);
    stages.forEach((command, i) => {
      const what = STAGE_NAMES.find(([pattern]) => pattern.test(command))?.[1] ?? command;
      console.log(`Building ${target.name} (${i + 1}/${stages.length}): ${what}…`);
      execSync(command, { cwd: root, env, stdio: 'inherit' });
    });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) buildIfNeeded(process.argv[2]);
