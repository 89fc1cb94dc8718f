import fc from 'fast-check';
import type { z } from 'zod';
import { FORBIDDEN_KEYS, edgeString, hostileValue, lengthString } from './hostile';
import { DIAS } from '#shared/constants';

/**
 * Values for a zod schema, read from the schema itself (zod 4's public `_zod.def`): mostly plausible values at
 * the schema's own boundaries (min and max lengths, enum members, regex matches), with hostile values mixed in
 * at any depth (wrong types, edge characters, one past each limit), missing required keys, and keys a client
 * must never set (payment fields, __proto__, constructor). A new field in a shared schema is fuzzed without
 * anyone touching this file.
 */

interface Def {
  type: string;
  checks?: Array<{ _zod: { def: CheckDef } }>;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  valueType?: z.ZodType;
}
interface CheckDef {
  check: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  value?: number | bigint;
  length?: number;
  format?: string;
  pattern?: RegExp;
  inclusive?: boolean;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def): CheckDef[] => (def.checks ?? []).map((c) => c._zod.def);

export interface ZodArbOptions {
  /** Relative weight of a hostile value at each node (the plausible value weighs 8). 0 = only plausible values. */
  hostility: number;
  /** Plain text only (no edge characters, no over-long values): what a real form sends. */
  plain?: boolean;
}

const SPANISH = 'abcdefghijklmnñopqrstuvwxyzáéíóúü ABCDEFGHIJKLMNÑOPQRSTUVWXYZ0123456789.,-';
const spanishText = (min: number, max: number) =>
  fc.array(fc.constantFrom(...SPANISH), { minLength: min, maxLength: max }).map((a) => a.join(''));

function stringArb(def: Def, plain = false): fc.Arbitrary<string> {
  let min = 0;
  let max = 200;
  let pattern: RegExp | undefined;
  let email = false;
  for (const c of checksOf(def)) {
    if (c.check === 'min_length') min = Number(c.minimum);
    if (c.check === 'max_length') max = Number(c.maximum);
    if (c.check === 'length_equals') min = max = Number(c.length);
    if (c.check === 'string_format' && c.format === 'regex' && c.pattern) pattern = c.pattern;
    if (c.check === 'string_format' && c.format === 'email') email = true;
  }
  if (def.type === 'string' && (def as { format?: string }).format === 'email') email = true;
  if (email && plain) return plainEmail;
  if (email)
    return fc.oneof(
      fc.emailAddress().filter((e) => e.length <= 254),
      fc.constantFrom('ana@example.com', 'a@b.co', 'x@localhost'),
    );
  if (pattern) return fc.stringMatching(pattern).filter((s) => s.length >= min && s.length <= max);
  const soft = Math.min(max, min + 30);
  if (plain)
    return spanishText(Math.max(min, 1), Math.max(1, soft))
      .map((t) => t.trim() || 'x')
      .filter((t) => t.length >= min && t.length <= max);
  return fc.oneof(
    { weight: 4, arbitrary: spanishText(Math.max(min, min === 0 ? 0 : 1), soft) },
    { weight: 1, arbitrary: fc.constantFrom(lengthString(min), lengthString(max)) },
    // Edge characters inside an otherwise acceptable length.
    { weight: 1, arbitrary: edgeString(Math.min(max, 40)).filter((s) => s.length >= min && s.length <= max) },
  );
}

function numberArb(def: Def, plain = false): fc.Arbitrary<number> {
  let min = -1_000_000;
  let max = 1_000_000;
  let int = false;
  for (const c of checksOf(def)) {
    if (c.check === 'greater_than') min = Number(c.value ?? min) + (c.inclusive === false ? 1 : 0);
    if (c.check === 'less_than') max = Number(c.value ?? max) - (c.inclusive === false ? 1 : 0);
    if (c.check === 'number_format') int = true;
  }
  if (plain) return int ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true });
  const edges = [min, max, min - 1, max + 1];
  return fc.oneof(
    { weight: 3, arbitrary: int ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true }) },
    { weight: 1, arbitrary: fc.constantFrom(...edges) },
  );
}

/** One past each length limit of a string schema (the boundary a fuzz most wants to hit). */
function overLimit(def: Def): fc.Arbitrary<unknown> | null {
  const max = checksOf(def).find((c) => c.check === 'max_length');
  return max
    ? fc.constantFrom(lengthString(Number(max.maximum) + 1), lengthString(Number(max.maximum) + 1, 'astral'))
    : null;
}

/** Sets an own enumerable property even for "__proto__", so JSON.stringify sends it as a key. */
function setOwn(target: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
}

/** Values the schema accepts (plausible, plain, and checked with the schema itself). */
export function validArb(schema: z.ZodType): fc.Arbitrary<unknown> {
  return zodArb(schema, { hostility: 0, plain: true }).filter((v) => schema.safeParse(v).success);
}

export function zodArb(schema: z.ZodType, opts: ZodArbOptions): fc.Arbitrary<unknown> {
  const plausible = plausibleArb(schema, opts);
  if (opts.hostility <= 0) return plausible;
  const def = defOf(schema);
  const hostile = [hostileValue];
  const over = def.type === 'string' ? overLimit(def) : null;
  if (over) hostile.push(over);
  return fc.oneof({ weight: 8, arbitrary: plausible }, { weight: opts.hostility, arbitrary: fc.oneof(...hostile) });
}

function plausibleArb(schema: z.ZodType, opts: ZodArbOptions): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return stringArb(def, opts.plain);
    case 'number':
      return numberArb(def, opts.plain);
    case 'boolean':
      return fc.boolean();
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? {}));
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.option(zodArb(def.innerType!, opts), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(zodArb(def.innerType!, opts), { nil: null, freq: 4 });
    case 'readonly':
    case 'catch':
      return zodArb(def.innerType!, opts);
    case 'pipe':
      // What the pipe finally accepts (an enum, an email, a bounded list), unless that is a transform's output,
      // which is the server's business: then what the client sends, the input side.
      return defOf(def.out!).type === 'transform' ? zodArb(def.in!, opts) : zodArb(def.out!, opts);
    case 'union':
      return fc.oneof(...def.options!.map((o) => zodArb(o, opts)));
    case 'array': {
      const checks = checksOf(def);
      const min = Number(
        checks.find((c) => c.check === 'min_length')?.minimum ??
          checks.find((c) => c.check === 'length_equals')?.length ??
          0,
      );
      const max = Number(
        checks.find((c) => c.check === 'max_length')?.maximum ??
          checks.find((c) => c.check === 'length_equals')?.length ??
          5,
      );
      const element = zodArb(def.element!, opts);
      if (opts.plain) return fc.array(element, { minLength: min, maxLength: Math.min(max, min + 3) });
      return fc.oneof(
        { weight: 4, arbitrary: fc.array(element, { minLength: min, maxLength: Math.min(max, min + 3) }) },
        // Exactly at the limit and one past it.
        {
          weight: 1,
          arbitrary: fc.constantFrom(max, max + 1).chain((n) => fc.array(element, { minLength: n, maxLength: n })),
        },
      );
    }
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 10 }), zodArb(def.valueType!, opts), { maxKeys: 4 });
    case 'object':
      return objectArb(def, opts);
    default:
      // transform, custom, any, unknown: nothing to read, anything goes.
      return fc.oneof(fc.string({ maxLength: 20 }), hostileValue);
  }
}

function objectArb(def: Def, opts: ZodArbOptions): fc.Arbitrary<unknown> {
  const shape = def.shape ?? {};
  const keys = Object.keys(shape);
  const fields = fc.record(Object.fromEntries(keys.map((k) => [k, byName(k, opts) ?? zodArb(shape[k]!, opts)])));
  if (opts.hostility <= 0) return fields.map(dropUndefined);
  const extra = fc.array(
    fc.tuple(
      fc.constantFrom(...FORBIDDEN_KEYS),
      fc.oneof(fc.constant(true), fc.constant({ isAdmin: true }), fc.constant('x'), hostileValue),
    ),
    { maxLength: 3 },
  );
  const dropped = keys.length ? fc.subarray(keys, { maxLength: Math.min(2, keys.length) }) : fc.constant<string[]>([]);
  return fc.tuple(fields, fc.nat(9), extra, dropped).map(([values, roll, extras, drop]) => {
    const out = dropUndefined(values);
    if (roll === 0) for (const k of drop) delete out[k]; // a required key missing
    if (roll <= 2) for (const [k, v] of extras) setOwn(out, k, v); // keys the client must not set
    return out;
  });
}

const pad = (n: number) => String(n).padStart(2, '0');
const isoDate = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`);

const plainEmail = fc.stringMatching(/^[a-z][a-z0-9]{2,12}@(example\.com|correo\.com\.ar)$/);
const plainHours = fc.constantFrom(
  '',
  'Cerrado',
  '24 horas',
  '9:00 - 13:00',
  '9:00 - 13:00, 17:00 - 21:00',
  '20:00 - 2:00',
);
const plainPhone = fc.stringMatching(/^(0261 |261 |\+54 9 261 )?[2-9][0-9]{2}-[0-9]{4}$/);

/**
 * Fields whose rule is a refinement zod cannot describe (a real calendar date, an email or nothing), or whose
 * valid values only the world knows (uploaded image ids: a valid body refers to none, the case may add one).
 */
function byName(key: string, opts: ZodArbOptions): fc.Arbitrary<unknown> | null {
  // Per-day hours and phone numbers have rules a random string almost never meets (the canonical hours text,
  // six digits or more): without these, finding a valid business body could take fast-check minutes.
  if (opts.plain && (DIAS as readonly string[]).includes(key)) return plainHours;
  if (opts.plain && /^(telefono|whatsapp)$/.test(key)) return plainPhone;
  if (opts.plain && /^imagen2?$/.test(key)) return fc.constant(null);
  if (opts.plain && key === 'galeria') return fc.constant([]);
  if (opts.plain && /email$/i.test(key)) return plainEmail;
  if (!/^fecha/i.test(key)) return null;
  if (opts.plain || opts.hostility <= 0) return isoDate;
  return fc.oneof(
    { weight: 6, arbitrary: isoDate },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '2026-02-30',
        '1999-12-31',
        '2101-01-01',
        '0000-00-00',
        '2026-1-1',
        '2026-01-01T00:00:00Z',
        '',
      ),
    },
    { weight: 1, arbitrary: hostileValue },
  );
}

function dropUndefined(values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) if (v !== undefined) out[k] = v;
  return out;
}
