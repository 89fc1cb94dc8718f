/**
 * An Intl formatter built on its first use, then kept. Building one loads its locale's (and time zone's) data:
 * 1–7 ms each on a phone, paid while the entry script evaluated when they were module constants, one long
 * task in front of hydration (ADR 023, seventh round). Built on first use, each lands where it is needed.
 */
export function onFirstUse<T extends object>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}
