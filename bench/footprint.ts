/**
 * Start-to-healthy time and resident memory of a start command's whole process group: `npm start` (npm, then the
 * node it execs), or the deployed command, the Dockerfile's CMD (node alone, no npm and no freshness check).
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { COMPILED_MALLOC_ENV, ROOT, serverEnv } from '#test/server/server-process';

export type StartCommand = 'npm start' | 'deployed';

/** The Dockerfile's CMD, read from the Dockerfile so the bench times exactly what a container runs. */
function deployedCommand(): string[] {
  // Docker runs the last CMD of the file (the runtime stage's).
  const cmd = [...readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8').matchAll(/^CMD (\[.*\])$/gm)].at(-1);
  if (!cmd) throw new Error('no CMD [...] line in the Dockerfile');
  return JSON.parse(cmd[1]!) as string[];
}

export interface Footprint {
  /** Spawn to the first 200 from /api/health. */
  startMs: number;
  /** Highest resident memory of the group seen while starting. */
  peakGroupMiB: number;
  /** Resident memory a few seconds after becoming healthy, with no traffic. */
  idleGroupMiB: number;
  idleServerMiB: number;
}

function groupRss(pgid: number): { total: number; largest: number } {
  try {
    const out = execFileSync('ps', ['-o', 'rss=', '-g', String(pgid)], { encoding: 'utf8' });
    const values = out
      .split('\n')
      .map((l) => Number(l.trim()))
      .filter((v) => v > 0);
    return { total: values.reduce((a, b) => a + b, 0) / 1024, largest: Math.max(0, ...values) / 1024 };
  } catch {
    return { total: 0, largest: 0 };
  }
}

/** Runs the command (built already, so `npm start` goes straight to node) and measures it; then stops it. */
export async function measureStart(
  env: Record<string, string>,
  port: number,
  { idleMs = 3000, command = 'npm start' }: { idleMs?: number; command?: StartCommand } = {},
): Promise<Footprint> {
  const [file, ...args] = command === 'npm start' ? ['npm', 'start', '--silent'] : deployedCommand();
  const started = performance.now();
  const child = spawn(file!, args, {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    // The malloc settings as the Dockerfile's ENV sets them (npm start sets them in its script).
    env: { ...serverEnv(port), ...COMPILED_MALLOC_ENV, ...env },
  });
  const pgid = child.pid!;
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, groupRss(pgid).total)), 100);
  let startMs = 0;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${command} exited with ${child.exitCode}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
      } catch {
        // not up yet
      }
      if (performance.now() - started > 180_000) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 20));
    }
    startMs = Math.round(performance.now() - started);
    await new Promise((r) => setTimeout(r, idleMs));
    const idle = groupRss(pgid);
    peak = Math.max(peak, idle.total);
    return {
      startMs,
      peakGroupMiB: Math.round(peak),
      idleGroupMiB: Math.round(idle.total),
      idleServerMiB: Math.round(idle.largest),
    };
  } finally {
    clearInterval(sampler);
    const exited = new Promise((r) =>
      child.exitCode !== null || child.signalCode !== null ? r(null) : child.once('exit', r),
    );
    try {
      process.kill(-pgid, 'SIGTERM');
    } catch {
      // already gone
    }
    await exited;
  }
}
