import fc from 'fast-check';

/**
 * Hostile building blocks for the route fuzz: what an attacker (or a broken client) puts where a field goes.
 * Each list is small and explicit, so a failing case is readable in the report.
 */

/** Characters that look like nothing, reorder text, or break naive byte handling. */
export const EDGE_CHARS = [
  '\u0000', // NUL: PostgreSQL refuses it in text
  '\u0001',
  '\u0008',
  '\u001b',
  '\u007f',
  '\u0085', // NEL
  '\u00a0', // no-break space
  '\u00ad', // soft hyphen
  '\u034f', // combining grapheme joiner
  '\u061c', // Arabic letter mark
  '\u115f', // Hangul filler
  '\u180e',
  '\u200b', // zero width space
  '\u200c',
  '\u200d',
  '\u200e', // LRM
  '\u200f', // RLM
  '\u2028', // line separator
  '\u2029',
  '\u202a',
  '\u202e', // right-to-left override
  '\u2060', // word joiner
  '\u2066', // LRI
  '\u2069', // PDI
  '\u3164', // Hangul filler
  '\ufeff', // BOM
  '\ufffd',
  '\uffff',
  '\ud800', // lone high surrogate
  '\udfff', // lone low surrogate
  '\u{1f600}', // astral emoji
  '\u{1d54f}', // mathematical double-struck X
  '\u{e0001}', // language tag
  '\u{10ffff}',
  'e\u0301', // combining accent
  '\u0301\u0301\u0301',
];

/** Payload-style strings: markup, script URLs, SQL, paths, format strings. */
export const INJECTIONS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  "' OR 1=1 --",
  "'; DROP TABLE comercios; --",
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '%00',
  '%s%s%s%n',
  '${7*7}',
  '{{7*7}}',
  '\\',
  '%',
  '_',
  '*',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0x41',
  '1e309',
  ' ',
  '',
];

/** Numbers at and past every boundary a parser or a database column has. */
export const HUGE_NUMBERS = [
  0,
  -0,
  -1,
  1.5,
  2_147_483_647,
  2_147_483_648,
  -2_147_483_649,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  1e21,
  1e308,
  -1e308,
  5e-324,
];

/** Keys a client must never be able to set, and prototype keys. */
export const FORBIDDEN_KEYS = [
  'id',
  'pagoStatus',
  'pago_status',
  'fechaPago',
  'fecha_pago',
  'destacado',
  'propietarioId',
  'propietario_id',
  'rating',
  'comercioId',
  'userId',
  'appliedAt',
  'status',
  'emailVerified',
  'role',
  '__proto__',
  'constructor',
  'prototype',
];

const edgeChar = fc.constantFrom(...EDGE_CHARS);

/** A string made of ordinary text with edge characters mixed in (or made only of them). */
export const edgeString = (maxLength = 40): fc.Arbitrary<string> =>
  fc.oneof(
    fc.array(edgeChar, { minLength: 1, maxLength: 8 }).map((a) => a.join('')),
    fc
      .tuple(fc.string({ maxLength: Math.max(1, maxLength - 2) }), edgeChar, fc.string({ maxLength: 4 }))
      .map(([a, c, b]) => a + c + b),
    fc.string({ unit: 'binary', maxLength }),
    fc.string({ unit: 'grapheme', maxLength }),
  );

/** A string of exactly n ordinary characters (for length boundaries). */
export const lengthString = (n: number, unit: 'ascii' | 'astral' = 'ascii'): string =>
  unit === 'astral' ? '\u{1d54f}'.repeat(n) : 'a'.repeat(n);

/** Any JSON value of the wrong kind for a field. */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.constantFrom(...HUGE_NUMBERS),
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.string({ maxLength: 4 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }), { maxKeys: 3 }),
  fc.constant(JSON.parse('['.repeat(64) + ']'.repeat(64)) as unknown),
);

/** Any hostile value for a string field. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  edgeString(),
  fc.constantFrom(...INJECTIONS),
  fc.constantFrom(100, 121, 255, 256, 1000, 2001, 5000, 100_000).map((n) => lengthString(n)),
  fc.constantFrom(60, 121, 2001).map((n) => lengthString(n, 'astral')),
);

/** Whatever goes where a value is expected: wrong types or hostile strings. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 2, arbitrary: hostileString },
  { weight: 1, arbitrary: wrongType },
);
