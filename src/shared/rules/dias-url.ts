// A module of its own: Promociones' filter row and the query schema read it, and the code every page loads
// (where the rest of the promotion rules are) does not carry it.

/** A weekday as a URL writes it (`?dia=miercoles`): DIAS in lower case without accents, in the same order. */
export const DIA_PARAMS = ['lunes', 'martes', 'miercoles', 'jueves', 'viernes', 'sabado', 'domingo'] as const;
export type DiaParam = (typeof DIA_PARAMS)[number];
