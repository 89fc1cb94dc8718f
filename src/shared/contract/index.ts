import { auth } from './auth';
import { comercios } from './comercios';
import { favoritos } from './favoritos';
import { estadisticas } from './estadisticas';
import { imagenes } from './imagenes';
import { ops } from './ops';
import { pagos } from './pagos';
import { promociones } from './promociones';

/**
 * Every endpoint served under /api, one file per resource. Add an endpoint here first; the route, the client
 * call and the test handler take their path and types from it (ADR 012, README "Architecture").
 */
export const contract = { auth, comercios, promociones, favoritos, imagenes, pagos, estadisticas, ops };

export * from './endpoint';
export type { SessionAnswer } from './auth';
export type { FavoritosAnswer } from './favoritos';
export type { PublicCacheStats } from './ops';
