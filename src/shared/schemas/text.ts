import { z } from 'zod';
import './locale';

/**
 * Text every schema accepts: no control characters (a NUL byte breaks PostgreSQL text, the rest have no place
 * in a name or an address), no bidirectional overrides (they make a name read differently from what is
 * stored). Multi-line fields (descriptions) keep tab and line breaks.
 */
export const CONTROL_CHARS_MESSAGE = 'El texto tiene caracteres no permitidos.';
export const BIDI_CONTROLS_MESSAGE =
  'El texto tiene caracteres que cambian la dirección de lectura; borralos y volvé a intentar.';

// eslint-disable-next-line no-control-regex -- these patterns exist to find control characters
const CONTROL_SINGLE_LINE = /[\u0000-\u001F\u007F-\u009F]/;
// eslint-disable-next-line no-control-regex -- these patterns exist to find control characters
const CONTROL_MULTI_LINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** Embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069). */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;
/**
 * What renders as nothing: white space, format characters (zero-width space and joiners, soft hyphen, BOM…),
 * combining marks on their own, and the "filler" letters and the blank braille pattern.
 */
const INVISIBLE = /[\s\p{Cf}\p{Mn}\p{Me}\u115F\u1160\u3164\uFFA0\u2800]/gu;

/** A search's control characters (a pasted tab, a NUL) as spaces: read, not refused (schemas/queries.ts). */
export function controlCharsAsSpaces(value: string): string {
  return value.replace(new RegExp(CONTROL_SINGLE_LINE.source, 'g'), ' ');
}

export function hasControlChars(value: string, multiline = false): boolean {
  return (multiline ? CONTROL_MULTI_LINE : CONTROL_SINGLE_LINE).test(value);
}

export function hasBidiControls(value: string): boolean {
  return BIDI_CONTROLS.test(value);
}

/** Whether a person would see anything: "\u200B\u3164" is not a name. */
export function hasVisibleChars(value: string): boolean {
  return value.replace(INVISIBLE, '').length > 0;
}

/** A string with the checks above; chain .trim(), .min(), .max() as with z.string(). */
export function safeText(params?: Parameters<typeof z.string>[0], options: { multiline?: boolean } = {}) {
  return z
    .string(params)
    .refine((v) => !hasControlChars(v, options.multiline), CONTROL_CHARS_MESSAGE)
    .refine((v) => !hasBidiControls(v), BIDI_CONTROLS_MESSAGE);
}

/** Blank, or something a person can see (an optional field of only invisible characters is refused). */
export const emptyOrVisible = (v: string) => v.trim() === '' || hasVisibleChars(v);
