import '../zod-jitless';
import { z } from 'zod';

/**
 * Every message a schema can produce is Spanish. Our schemas name their own messages; for the rest (a wrong
 * type sent by a client, a number out of range) this says which field, in plain words, instead of zod's
 * English defaults. zod's Spanish locale covers whatever is left. Imported by every shared schema.
 */
function fieldName(path: ReadonlyArray<PropertyKey> | undefined): string | null {
  const key = [...(path ?? [])].reverse().find((p) => typeof p === 'string');
  return typeof key === 'string' ? key : null;
}

type Issue = {
  code?: string;
  input?: unknown;
  path?: PropertyKey[];
  origin?: string;
  maximum?: unknown;
  minimum?: unknown;
};

export function spanishMessage(iss: Issue): string | undefined {
  const field = fieldName(iss.path);
  const what = field ? `El dato "${field}"` : 'El dato enviado';
  switch (iss.code) {
    case 'invalid_type':
      return iss.input === undefined
        ? field
          ? `Falta el dato "${field}".`
          : 'Faltan datos.'
        : `${what} no tiene el formato esperado.`;
    case 'too_big':
      if (iss.origin === 'string') return `${what} puede tener hasta ${String(iss.maximum)} caracteres.`;
      if (iss.origin === 'array' || iss.origin === 'set')
        return `${what} admite hasta ${String(iss.maximum)} elementos.`;
      return `${what} puede ser como máximo ${String(iss.maximum)}.`;
    case 'too_small':
      if (iss.origin === 'string') return `${what} debe tener al menos ${String(iss.minimum)} caracteres.`;
      if (iss.origin === 'array' || iss.origin === 'set')
        return `${what} debe tener al menos ${String(iss.minimum)} elementos.`;
      return `${what} debe ser como mínimo ${String(iss.minimum)}.`;
    case 'invalid_value':
    case 'invalid_union':
      return `${what} no es una de las opciones válidas.`;
    case 'unrecognized_keys':
      return 'La solicitud tiene datos que no corresponden.';
    default:
      return undefined;
  }
}

z.config(z.locales.es());
z.config({ customError: (iss) => spanishMessage(iss) });
