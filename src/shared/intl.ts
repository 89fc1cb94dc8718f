/**
 * An Intl formatter built on its first use, then kept. Building one loads its locale's (and time zone's) data,
 * which as module constants was paid while the entry script evaluated: one long task in front of hydration
 * (ADR 031; figures in docs/performance.md). Built on first use, each lands where it is needed.
 */
export function onFirstUse<T extends object>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}
