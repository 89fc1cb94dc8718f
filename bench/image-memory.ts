/**
 * Memory of hostile image uploads (issue 28 H2): starts the compiled server (`npm run build` first) on a fresh
 * PGlite folder (or DATABASE_URL, a server database), signs up one account and sends BENCH_CONCURRENT (20)
 * uploads at once, cycling through the shapes below (each copy's bytes differ, so none is answered from the
 * store). Prints each answer, and the server process group's peak resident memory over its idle memory.
 *   npm run build && npm run bench:images    (goal: peak ≤ idle + 150 MiB)
 * Results: bench/results/image-memory.md.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { hugeCanvasPng, hugeTextChunk } from '#test/server/imagenes';
import { startServer } from '#test/server/server-process';

const CONCURRENT = Number(process.env.BENCH_CONCURRENT ?? 20);
const GOAL_MIB = 150;

interface Shape {
  name: string;
  make(copy: number): Promise<Buffer>;
}

/** A 24 MP square with real content (a gradient), within every limit: it is decoded for real. */
const square = async (copy: number) => {
  const side = 4898;
  const gradient = Buffer.alloc(side * 3);
  for (let x = 0; x < side; x++) gradient.fill((x * 255) / side, x * 3, x * 3 + 2);
  gradient[2] = copy; // a different picture per copy
  return sharp(gradient, { raw: { width: side, height: 1, channels: 3 } })
    .resize(side, side, { kernel: 'nearest' })
    .png()
    .toBuffer();
};

const SHAPES: Shape[] = [
  { name: '6,000,000 × 4 PNG', make: async (copy) => hugeCanvasPng(6_000_000, 4, { seed: copy }) },
  { name: '600,000 × 40 PNG', make: async (copy) => hugeCanvasPng(600_000, 40, { seed: copy }) },
  { name: '4 × 6,000,000 PNG', make: async (copy) => hugeCanvasPng(4, 6_000_000, { seed: copy }) },
  { name: '4898 × 4898 PNG (24 MP)', make: square },
  {
    name: '1 × 1 PNG, zTXt inflating to 1.9 GB',
    // Slow to compress: made once, each copy differs by its seed chunk.
    make: async (copy) =>
      hugeCanvasPng(1, 1, { seed: copy, extra: [(bomb ??= await hugeTextChunk(1900 * 1024 ** 2))] }),
  },
];
let bomb: Buffer | undefined;

function groupRssMiB(pgid: number): number {
  try {
    const out = execFileSync('ps', ['-o', 'rss=', '-g', String(pgid)], { encoding: 'utf8' });
    return out.split('\n').reduce((sum, line) => sum + (Number(line.trim()) || 0), 0) / 1024;
  } catch {
    return 0;
  }
}

console.log(`making ${CONCURRENT} uploads…`);
const bodies: Array<{ shape: string; bytes: Buffer }> = [];
for (let i = 0; i < CONCURRENT; i++) {
  const shape = SHAPES[i % SHAPES.length]!;
  bodies.push({ shape: shape.name, bytes: await shape.make(i) });
}

const dir = await mkdtemp(path.join(os.tmpdir(), 'vidriera-image-memory-'));
const env: Record<string, string> = process.env.DATABASE_URL
  ? { DATABASE_URL: process.env.DATABASE_URL }
  : { DATA_DIR: dir, DATABASE_URL: '' };
const server = await startServer({ ...env, UPLOAD_LIMIT_PER_HOUR: '1000', UPLOAD_LIMIT_PER_DAY: '1000' }, undefined, {
  compiled: true,
  detached: true,
});
const pgid = server.child.pid!;
try {
  const { url } = server;
  const signUp = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email: `bench-${Date.now()}@example.com`, password: 'secreto123', name: 'Bench' }),
  });
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  await new Promise((r) => setTimeout(r, 3000));
  const idle = groupRssMiB(pgid);
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, groupRssMiB(pgid))), 50);
  const started = performance.now();
  const answers = await Promise.all(
    bodies.map(async ({ shape, bytes }) => {
      const t = performance.now();
      const res = await fetch(`${url}/api/imagenes`, {
        method: 'POST',
        headers: { 'content-type': 'image/png', origin: url, cookie },
        body: new Uint8Array(bytes),
      });
      const body = (await res.json()) as { error?: { code: string } };
      return {
        shape,
        bytes: bytes.length,
        status: res.status,
        code: body.error?.code ?? '',
        ms: performance.now() - t,
      };
    }),
  );
  const allMs = performance.now() - started;
  await new Promise((r) => setTimeout(r, 1000));
  clearInterval(sampler);
  peak = Math.max(peak, groupRssMiB(pgid));
  const after = groupRssMiB(pgid);

  console.log(`\n${new Date().toISOString()}, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, compiled server`);
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}\n`,
  );
  console.log('| shape | file | answers | slowest |');
  console.log('|---|---:|---|---:|');
  for (const shape of SHAPES) {
    const mine = answers.filter((a) => a.shape === shape.name);
    const counts = new Map<string, number>();
    for (const a of mine) {
      const answer = `${a.status}${a.code ? ` ${a.code}` : ''}`;
      counts.set(answer, (counts.get(answer) ?? 0) + 1);
    }
    const kb = Math.round(Math.max(...mine.map((a) => a.bytes)) / 1024);
    console.log(
      `| ${shape.name} | ${kb} kB | ${[...counts].map(([k, n]) => `${n}× ${k}`).join(', ')} | ${Math.round(Math.max(...mine.map((a) => a.ms)))} ms |`,
    );
  }
  console.log(`\n${CONCURRENT} uploads at once, all answered in ${Math.round(allMs)} ms.`);
  console.log(
    `Server process group RSS: idle ${Math.round(idle)} MiB, peak ${Math.round(peak)} MiB (+${Math.round(peak - idle)} MiB), ${Math.round(after)} MiB a second after the last answer.`,
  );
  console.log(`Goal: peak ≤ idle + ${GOAL_MIB} MiB: ${peak - idle <= GOAL_MIB ? 'met' : 'NOT met'}.`);
} finally {
  await server.stop();
  await rm(dir, { recursive: true, force: true });
}
