// `npm test`: the stages in order, cheapest first; stops at the first failure with its exit code, and prints how
// long each stage took (also when one fails), so a slow stage is visible in every CI log.
import { spawnSync } from 'node:child_process';

const STAGES = [
  ['format', 'format:check'],
  ['lint', 'lint'],
  ['unused', 'knip'],
  ['types', 'typecheck'],
  ['unit/API', 'test:unit'],
  ['build', 'build'],
  ['browser', 'test:e2e'],
];

const timings = [];
let failure = null;
for (const [stage, script] of STAGES) {
  console.log(`\n▶ ${stage} (npm run ${script})`);
  const started = performance.now();
  const { status, signal } = spawnSync('npm', ['run', '--silent', script], { stdio: 'inherit' });
  const seconds = (performance.now() - started) / 1000;
  const ok = status === 0;
  timings.push({ stage, seconds, result: ok ? 'ok' : `failed (${signal ?? `exit ${status}`})` });
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
