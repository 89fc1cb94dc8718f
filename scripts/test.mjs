// `npm test`: the stages in order, cheapest first; stops at the first failure with its exit code, and prints how
// long each stage took (also when one fails), so a slow stage is visible in every CI log.
//
// The unit/API layer runs in two passes that split the databases between two Node versions (ADR 039): every
// test file on PGlite under the Node that runs `npm test` (the one the README's commands use), then the files
// that test on a PostgreSQL server, on that server only, under Node 24 LTS, the production runtime. Each test
// runs once per database, as in a single run, so the second Node costs little more than its start.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The production runtime's major version (Dockerfile, .nvmrc); its binary comes from the npm registry. */
const NODE_LTS = '24';
const SERVER_URL = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || '';

const npmRun = (script) => ({ script });

const STAGES = [
  ['format', npmRun('format:check')],
  ['lint', npmRun('lint')],
  ['unused', npmRun('knip')],
  ['types', npmRun('typecheck')],
  ['unit/API', { label: 'vitest run, PGlite', node: () => process.execPath, env: { TEST_DATABASES: 'pglite' } }],
  ['API on PG', { label: 'vitest run, PostgreSQL', node: nodeLts, env: { TEST_DATABASES: 'postgres' }, server: true }],
  ['build', npmRun('build')],
  ['browser', npmRun('test:e2e')],
];

// `node scripts/test.mjs [stage…] [-- vitest arguments]`: only the named stages (all by default), and the unit/API
// passes limited to the given files, e.g. `node scripts/test.mjs unit/API 'API on PG' -- src/server/auth`.
const dashes = process.argv.indexOf('--');
const only = process.argv.slice(2, dashes === -1 ? undefined : dashes);
const vitestArgs = dashes === -1 ? [] : process.argv.slice(dashes + 1);
for (const name of only) {
  if (!STAGES.some(([stage]) => stage === name)) {
    console.error(`No stage "${name}": ${STAGES.map(([stage]) => stage).join(', ')}`);
    process.exit(2);
  }
}

/**
 * The Node LTS binary, installed from the npm registry (the `node` package) into node_modules/.cache once per
 * `npm ci`, so a machine needs neither nvm nor a second system Node.
 */
function nodeLts() {
  const dir = path.join(root, 'node_modules/.cache', `node-${NODE_LTS}`);
  const bin = path.join(dir, 'node_modules/node/bin/node');
  if (!existsSync(bin)) {
    console.log(`Installing Node ${NODE_LTS} from the npm registry into ${path.relative(root, dir)}…`);
    const args = ['install', '--prefix', dir, '--no-save', '--no-package-lock', '--no-audit', '--no-fund'];
    const { status } = spawnSync('npm', [...args, '--loglevel=error', `node@${NODE_LTS}`], { stdio: 'inherit' });
    if (status !== 0 || !existsSync(bin)) throw new Error(`could not install node@${NODE_LTS} from the npm registry`);
  }
  return bin;
}

/** Runs one stage; answers its exit status and signal, or a reason it did not run. */
function runStage(stage, spec) {
  if (spec.script) {
    console.log(`\n▶ ${stage} (npm run ${spec.script})`);
    return spawnSync('npm', ['run', '--silent', spec.script], { stdio: 'inherit' });
  }
  if (spec.server && !SERVER_URL) {
    console.log(`\n▶ ${stage}: not run, no PostgreSQL server (set TEST_DATABASE_URL; .ci/run does)`);
    return { skipped: 'no server' };
  }
  let node;
  try {
    node = spec.node();
  } catch (error) {
    console.log(`\n▶ ${stage} (${spec.label})`);
    console.error(String(error));
    return { status: 1, signal: null };
  }
  const version = spawnSync(node, ['-p', 'process.version'], { encoding: 'utf8' }).stdout.trim();
  const env = Object.entries(spec.env).map(([k, v]) => `${k}=${v}`);
  console.log(`\n▶ ${stage} (${spec.label}, ${env.join(' ')}) on Node ${version}`);
  return spawnSync(node, [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', ...vitestArgs], {
    stdio: 'inherit',
    // Vite's check for its future config loader (ADR 039), which it runs on vitest.config.ts too.
    env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true', ...spec.env },
  });
}

const timings = [];
let failure = null;
for (const [stage, spec] of STAGES) {
  if (only.length > 0 && !only.includes(stage)) {
    timings.push({ stage, seconds: 0, result: 'not asked for' });
    continue;
  }
  const started = performance.now();
  const { status, signal, skipped } = runStage(stage, spec);
  const seconds = (performance.now() - started) / 1000;
  const ok = skipped !== undefined || status === 0;
  const result = skipped ? `not run (${skipped})` : ok ? 'ok' : `failed (${signal ?? `exit ${status}`})`;
  timings.push({ stage, seconds, result });
  if (!ok) {
    failure = { stage, code: status ?? 1 };
    break;
  }
}

const total = timings.reduce((sum, t) => sum + t.seconds, 0);
console.log('\nstage       seconds  result');
for (const { stage, seconds, result } of timings) {
  console.log(`${stage.padEnd(10)} ${seconds.toFixed(1).padStart(8)}  ${result}`);
}
for (const [stage] of STAGES.slice(timings.length)) console.log(`${stage.padEnd(10)} ${'-'.padStart(8)}  not run`);
console.log(`${'total'.padEnd(10)} ${total.toFixed(1).padStart(8)}`);
if (failure) {
  console.error(`\nnpm test failed at the ${failure.stage} stage.`);
  process.exit(failure.code);
}
