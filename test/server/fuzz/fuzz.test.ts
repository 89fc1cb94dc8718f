import { describe, expect, it } from 'vitest';
import { useTestApp } from '#test/server/app';
import { DATABASE_KINDS } from '#test/server/databases';
import { checkInvariants } from '#test/server/invariants';
import { fuzzTargets, uncoveredRoutes } from './catalogue';
import { formatReport, runFuzz } from './run';

/**
 * Property-based fuzz of every route (public, owner, payment, auth). `npm test` runs 400 cases in all (shared
 * by the databases it covers); `npm run fuzz` sets FUZZ_RUNS=10000 cases per database. FUZZ_SEED reproduces
 * a run, FUZZ_ONLY narrows it to the routes whose "METHOD /path" contains it.
 */
const RUNS = process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : Math.round(400 / DATABASE_KINDS.length);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const ONLY = process.env.FUZZ_ONLY || undefined;

describe.each(DATABASE_KINDS)('route fuzz on %s', (kind) => {
  // The sandbox's pending payments (CONT) stay pending: a notification landing mid-case would be misjudged.
  // The fuzz's callers (10.x addresses) stand for a trusted proxy, as nginx does in production, so the
  // client-written forwarding headers of the catalogue reach the address resolution.
  const ctx = useTestApp(kind, { sandboxPendingMs: 24 * 3600_000, env: { TRUST_PROXY: '10.0.0.0/8' } });

  it('covers every route the app registered', () => {
    const targets = fuzzTargets(ctx.t.deps.auth);
    expect(uncoveredRoutes(ctx.t.routes, targets)).toEqual([]);
    for (const area of ['public', 'owner', 'payment', 'auth']) expect(targets.some((x) => x.area === area)).toBe(true);
  });

  it(
    `survives ${RUNS} hostile requests: no 5xx, no unauthorized write, no payment field from a client, invariants hold`,
    async () => {
      const report = await runFuzz(ctx.t, { totalRuns: RUNS, seed: SEED, only: ONLY });
      console.log(`[${kind}] ${formatReport(report)}`);
      const violations = await checkInvariants(ctx.database.db);
      console.log(
        `[${kind}] invariants after the fuzz: ${violations.length ? violations.map((v) => v.detail).join('; ') : 'all hold'}`,
      );
      expect(report.cases).toBeGreaterThanOrEqual(RUNS * 0.95);
      for (const route of report.perRoute) expect(route.cases, route.route).toBeGreaterThan(0);
      expect({
        fiveXX: report.fiveXX,
        unauthorizedWrites: report.unauthorizedWrites,
        paymentFieldChanges: report.paymentFieldChanges,
        unreadableErrors: report.unreadableErrors,
        failures: report.failures.slice(0, 10),
      }).toEqual({
        fiveXX: 0,
        unauthorizedWrites: 0,
        paymentFieldChanges: 0,
        unreadableErrors: 0,
        failures: [],
      });
      expect(violations).toEqual([]);
    },
    Math.max(300_000, RUNS * 1000),
  );
});
