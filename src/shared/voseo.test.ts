import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * New copy speaks Argentine Spanish (voseo: "Ingresá", "Probá", "tenés"). The spec's own texts stay verbatim even
 * where they use tú: those sentences are listed here, and only they may hold a tú form.
 */
const SPEC_TEXTS = [
  'Por favor ingresa el nombre del comercio.',
  'Por favor selecciona al menos una categoría para el comercio.',
  'Por favor ingresa un número de teléfono.',
  'Por favor ingresa la dirección del comercio.',
  'Por favor selecciona una localidad.',
  'Error al iniciar sesión. Intenta nuevamente.',
  'Aún no tienes comercios registrados',
  '¿Deseas continuar?',
  '¿Estás seguro de que deseas eliminar este comercio? Esta acción no se puede deshacer.',
];
const TU_FORMS =
  /\b(ingresa|intenta|selecciona|revisa|elige|escribe|completa|agrega|toca|busca|prueba con|vuelve a|tienes|puedes|quieres|necesitas|debes|deseas)\b/i;

const ROOT = fileURLToPath(new URL('..', import.meta.url));
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'sample' || entry.name === 'fuzz' ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('the copy speaks voseo', () => {
  it('has no tú form outside the spec texts kept verbatim', () => {
    const found: string[] = [];
    for (const file of ['web', 'server', 'shared'].flatMap((d) => sources(path.join(ROOT, d)))) {
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, i) => {
        if (/^\s*(\/\/|\*|\/\*)/.test(line)) return; // comments are for developers
        let text = line;
        for (const spec of SPEC_TEXTS) text = text.replaceAll(spec, '');
        // Only what sits in a string literal or JSX text is copy.
        const copy = text.match(/(['"`])(?:(?!\1).)*\1|>[^<>{}]+</g)?.join(' ') ?? '';
        const hit = copy.match(TU_FORMS);
        if (hit) found.push(`${path.relative(ROOT, file)}:${i + 1} «${hit[0]}»: ${line.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });
});
