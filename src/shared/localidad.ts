import { DEFAULT_LOCALIDAD, LOCALIDADES, type Localidad } from './constants';

/** Spec §3: any stored value other than the three localities is read as Capital. */
export function normalizeLocalidad(value: string | null | undefined): Localidad {
  return (LOCALIDADES as readonly string[]).includes(value ?? '') ? (value as Localidad) : DEFAULT_LOCALIDAD;
}
