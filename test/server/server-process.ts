/**
 * Starts the production server (built SPA, every plugin) as a child process, on BENCH_PORT when set (the
 * benchmarks run one server at a time) or else on a free port. `compiled` runs dist/server/main.js with
 * plain node, as `npm start` does (`npm run build` first); otherwise the TypeScript sources through tsx.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * What every server process started for a test or a benchmark runs with: production mode, warnings only, no
 * sample data, listening on 127.0.0.1:port and knowing itself by that address.
 */
export function serverEnv(port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SEED_SAMPLE_DATA: 'false',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  };
}

/** glibc's settings `npm start` and the Dockerfile give the compiled server (fewer arenas, big blocks returned). */
export const COMPILED_MALLOC_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' } as const;

export interface RunningServer {
  url: string;
  port: number;
  child: ChildProcess;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface StartOptions {
  compiled?: boolean;
  /** Own process group (its id is the child's pid), so its memory can be summed with `ps -g`. */
  detached?: boolean;
  /** Collects the server's stdout and stderr lines (its JSON log) instead of showing them. */
  output?: string[];
  /** Another checkout's build to run (`compiled` only): a benchmark's A/B of two builds on one machine. */
  root?: string;
}

export async function startServer(
  env: Record<string, string>,
  port?: number,
  options: StartOptions = {},
): Promise<RunningServer> {
  const output = options.output;
  const p = port ?? (process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort());
  const args = options.compiled
    ? [
        '--expose-gc',
        '--max-semi-space-size=2',
        '--liftoff-only',
        path.join(options.root ?? ROOT, 'dist/server/main.js'),
      ]
    : ['--import', 'tsx', path.join(ROOT, 'src/server/main.ts')];
  const child = spawn(process.execPath, args, {
    // Another checkout's build serves its own web app and SSR entry too (WEB_DIR is relative to the working folder).
    cwd: options.compiled ? (options.root ?? ROOT) : ROOT,
    detached: options.detached ?? false,
    env: {
      ...serverEnv(p),
      // The benchmarks' load comes from this one address standing for a whole city: the per-address miss budget
      // (ADR 048) would refuse most of a cold cache. bench/miss-flood.ts sets its own.
      PUBLIC_MISS_LIMIT_PER_MINUTE: '10000000',
      // As `npm start` runs the compiled server (package.json).
      ...(options.compiled ? COMPILED_MALLOC_ENV : {}),
      ...env,
    },
    stdio: output ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
  });
  for (const stream of output ? [child.stdout!, child.stderr!] : []) {
    let rest = '';
    stream.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      output!.push(...lines.filter(Boolean));
    });
  }
  const url = `http://127.0.0.1:${p}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    url,
    port: p,
    child,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}
