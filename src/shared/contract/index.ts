import { auth } from './auth';
import { comercios } from './comercios';
import { favoritos } from './favoritos';
import { geocoder } from './geocoder';
import { estadisticas } from './estadisticas';
import { denuncias } from './denuncias';
import { imagenes } from './imagenes';
import { operador } from './operador';
import { opiniones } from './opiniones';
import { ops } from './ops';
import { pagos } from './pagos';
import { promociones } from './promociones';
import { revisiones } from './revisiones';
import { seo } from './seo';

/**
 * Every endpoint served under /api (and the few crawler files beside it, seo.ts), one file per resource. Add an endpoint here first; the route, the client
 * call and the test handler take their path and types from it (ADR 012, README "Architecture").
 */
export const contract = {
  auth,
  comercios,
  promociones,
  favoritos,
  imagenes,
  pagos,
  estadisticas,
  ops,
  denuncias,
  opiniones,
  revisiones,
  operador,
  geocoder,
  seo,
};

export * from './endpoint';
export type { SessionAnswer, TwoFactorEnrolment } from './auth';
export type { FavoritoGuardado, FavoritosAnswer } from './favoritos';
export type { LugarEncontrado } from './geocoder';
export type { PublicCacheStats } from './ops';
