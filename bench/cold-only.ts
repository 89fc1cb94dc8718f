/**
 * `BENCH_COLD_ONLY=true npm run bench`: only the cold home-page visit (bench/cold-visit.ts), on PGlite and on
 * PostgreSQL when DATABASE_URL is set, with the synthetic city of BENCH_N businesses. Writes
 * bench/results/cold-visit.{json,md} (latest.* stay the full run's).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ROOT, startServer } from '#test/server/server-process';
import { coldVisitLine, measureColdVisits } from './cold-visit';
import { prepareBenchDatabase, type BenchDatabase } from './databases';

export async function runColdOnly(opts: {
  n: number;
  serverUrl: string;
  port: number;
  duration: number;
  connections: number;
}): Promise<void> {
  const kinds: BenchDatabase['kind'][] = opts.serverUrl ? ['pglite', 'postgres'] : ['pglite'];
  const report: Record<string, unknown> = { date: new Date().toISOString(), loadAverage: os.loadavg(), ...opts };
  const md = [
    `# Cold home-page visits (${new Date().toISOString().slice(0, 10)})`,
    '',
    `N = ${opts.n}; ${opts.connections} connections, ${opts.duration} s; load average at the start ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')} (${os.cpus().length} cores).`,
    '',
  ];
  for (const kind of kinds) {
    console.log(`\n== ${kind}, N = ${opts.n}: loading…`);
    const target = await prepareBenchDatabase(kind, opts.n, opts.serverUrl, `vidriera_cold_${opts.n}_${process.pid}`);
    try {
      const server = await startServer({ ...target.env, SEED_SAMPLE_DATA: 'false' }, opts.port, { compiled: true });
      try {
        const cold = await measureColdVisits(server.url, opts.duration, opts.connections, server.child.pid);
        report[kind] = cold;
        const line = `${cold.visitsPerSecond} visits/s: ${cold.requestsPerVisit} requests per visit, ${cold.kbPerVisit} kB transferred per visit, ${cold.errors} errors. By kind: ${coldVisitLine(cold)}.`;
        console.log(line);
        md.push(
          `## ${kind}`,
          '',
          line,
          '',
          'Requests of one visit, in order:',
          '',
          ...cold.paths.map((p) => `- ${p}`),
          '',
        );
      } finally {
        await server.stop();
      }
    } finally {
      await target.cleanup();
    }
  }
  await mkdir(path.join(ROOT, 'bench/results'), { recursive: true });
  await writeFile(path.join(ROOT, 'bench/results/cold-visit.json'), JSON.stringify(report, null, 2) + '\n');
  await writeFile(path.join(ROOT, 'bench/results/cold-visit.md'), md.join('\n') + '\n');
  console.log('\nwritten to bench/results/cold-visit.{json,md}');
}
