import fc from 'fast-check';
import { trustedOrigins } from '#server/auth/auth';
import type { TestApp } from '#test/server/app';
import { fuzzTargets, type Target } from './catalogue';
import { buildRequest, caseArb, fuzzImages } from './requests';
import { createWorld, judgeChanges, restoreWorld, takeSnapshot } from './world';

/**
 * Drives the real app (inject) with generated hostile requests, every route in turn, and judges each case:
 * never a 5xx, never a write to rows of someone else (or by a guest, or cross-site), never a payment field
 * changed from a client, every error a structured Spanish message.
 */

export interface RouteStats {
  route: string;
  area: string;
  cases: number;
  byClass: Record<string, number>;
  fiveXX: number;
  unauthorizedWrites: number;
  paymentFieldChanges: number;
  unreadableErrors: number;
}

export interface FuzzReport {
  seed: number;
  cases: number;
  seconds: number;
  fiveXX: number;
  unauthorizedWrites: number;
  paymentFieldChanges: number;
  unreadableErrors: number;
  perRoute: RouteStats[];
  /** The first failures, each with the request that shows it. */
  failures: string[];
  targets: Target[];
}

export interface FuzzOptions {
  totalRuns: number;
  seed: number;
  /** Only targets whose "METHOD path" contains this (to reproduce one route). */
  only?: string;
}

/** English a zod or framework default would show, which no user should read. */
const ENGLISH =
  /\b(invalid input|too (big|small)|expected \w+|received \w+|required|unrecognized|must be|not found|bad request|internal server error|unsupported media type)\b/i;

function unreadableError(status: number, contentType: string | undefined, body: string, method: string): string | null {
  if (status < 400 || method === 'HEAD' || status === 405) return null;
  if (!contentType?.includes('application/json')) return `non-JSON error (${contentType ?? 'no content type'})`;
  try {
    const message = (JSON.parse(body) as { error?: { message?: unknown } }).error?.message;
    if (typeof message !== 'string' || !message) return 'error without a message';
    if (ENGLISH.test(message)) return `English message: ${message}`;
  } catch {
    return 'unparseable error body';
  }
  return null;
}

const HANG_MS = 15_000;

export async function runFuzz(t: TestApp, opts: FuzzOptions): Promise<FuzzReport> {
  const targets = fuzzTargets(t.deps.auth).filter((x) => !opts.only || `${x.method} ${x.path}`.includes(opts.only));
  const world = await createWorld(t);
  const images = await fuzzImages();
  const trusted = trustedOrigins(t.deps.config);
  const totalWeight = targets.reduce((s, x) => s + x.weight, 0);
  const started = Date.now();
  const report: FuzzReport = {
    seed: opts.seed,
    seconds: 0,
    cases: 0,
    fiveXX: 0,
    unauthorizedWrites: 0,
    paymentFieldChanges: 0,
    unreadableErrors: 0,
    perRoute: [],
    failures: [],
    targets,
  };
  const fail = (line: string) => {
    if (report.failures.length < 40) report.failures.push(line);
  };
  let before = await takeSnapshot(t.deps.db);

  for (const [index, target] of targets.entries()) {
    const stats: RouteStats = {
      route: `${target.method} ${target.path}`,
      area: target.area,
      cases: 0,
      byClass: {},
      fiveXX: 0,
      unauthorizedWrites: 0,
      paymentFieldChanges: 0,
      unreadableErrors: 0,
    };
    report.perRoute.push(stats);
    // Rounded up, so a run never does fewer cases in all than it was asked for.
    const numRuns = Math.max(3, Math.ceil((opts.totalRuns * target.weight) / totalWeight));
    await fc.assert(
      fc.asyncProperty(caseArb(target), async (c) => {
        const req = buildRequest(target, c, world, images, trusted);
        // A request that never answers is a finding too (a lock or a queue that never drains), not a stuck run.
        const res = await Promise.race([
          t.app.inject(req.options),
          new Promise<never>((_, reject) =>
            setTimeout(
              () =>
                reject(new Error(`no answer in ${HANG_MS} ms ← [seed ${opts.seed}, target ${index}] ${req.summary}`)),
              HANG_MS,
            ).unref(),
          ),
        ]);
        stats.cases++;
        report.cases++;
        const cls = `${Math.floor(res.statusCode / 100)}xx`;
        stats.byClass[cls] = (stats.byClass[cls] ?? 0) + 1;
        const where = `[seed ${opts.seed}, target ${index}] ${req.summary}`;
        if (res.statusCode >= 500) {
          stats.fiveXX++;
          report.fiveXX++;
          fail(`5xx ${res.statusCode} ${res.body.slice(0, 200)} ← ${where}`);
        }
        const unreadable = unreadableError(
          res.statusCode,
          res.headers['content-type'] as string | undefined,
          res.body,
          req.options.method as string,
        );
        if (unreadable) {
          stats.unreadableErrors++;
          report.unreadableErrors++;
          fail(`${res.statusCode} ${unreadable} ← ${where}`);
        }
        const after = await takeSnapshot(t.deps.db);
        const verdict = judgeChanges(before, after, {
          actor: world.actors[req.effectiveActor],
          foreignOrigin: req.foreignOrigin,
          signedByProvider: req.signedByProvider,
        });
        for (const v of verdict.unauthorized) fail(`unauthorized write (${res.statusCode}): ${v} ← ${where}`);
        for (const v of verdict.paymentFields) fail(`payment field (${res.statusCode}): ${v} ← ${where}`);
        stats.unauthorizedWrites += verdict.unauthorized.length ? 1 : 0;
        report.unauthorizedWrites += verdict.unauthorized.length ? 1 : 0;
        stats.paymentFieldChanges += verdict.paymentFields.length ? 1 : 0;
        report.paymentFieldChanges += verdict.paymentFields.length ? 1 : 0;
        before = after;
        if (verdict.changed && (await restoreWorld(t, world, after))) before = await takeSnapshot(t.deps.db);
        // Every case is judged and counted here; the test asserts on the totals (so one run reports them all).
        return true;
      }),
      { numRuns, seed: opts.seed + index },
    );
    // Long runs say how far they got (vitest prints a test's output only at its end).
    process.stderr.write(
      `fuzz ${index + 1}/${targets.length} ${stats.route}: ${stats.cases} cases; total ${report.cases} cases, 5xx ${report.fiveXX}, unauthorized writes ${report.unauthorizedWrites}, payment fields ${report.paymentFieldChanges}, unreadable errors ${report.unreadableErrors}, ${((Date.now() - started) / 1000).toFixed(0)} s\n`,
    );
  }
  report.seconds = (Date.now() - started) / 1000;
  return report;
}

export function formatReport(report: FuzzReport): string {
  const lines = [
    `fuzz seed ${report.seed} (reproduce: FUZZ_SEED=${report.seed}); ${report.targets.length} targets`,
    `cases run: ${report.cases} in ${report.seconds.toFixed(1)} s; 5xx: ${report.fiveXX}; unauthorized writes: ${report.unauthorizedWrites}; payment field changes: ${report.paymentFieldChanges}; unreadable/English errors: ${report.unreadableErrors}`,
    'route | area | cases | status classes | 5xx | unauthorized writes | payment fields | unreadable errors',
    ...report.perRoute.map(
      (r) =>
        `${r.route} | ${r.area} | ${r.cases} | ${Object.entries(r.byClass)
          .sort()
          .map(([k, v]) => `${k}×${v}`)
          .join(' ')} | ${r.fiveXX} | ${r.unauthorizedWrites} | ${r.paymentFieldChanges} | ${r.unreadableErrors}`,
    ),
  ];
  if (report.failures.length) lines.push('first failures:', ...report.failures.map((f) => `- ${f}`));
  return lines.join('\n');
}
