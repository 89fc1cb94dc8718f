import { endpoint } from './endpoint';

/** Counters of the server's public cache (what `npm run bench` reads). */
export interface PublicCacheStats {
  /** Fresh answers from memory. */
  hits: number;
  /** Stale answers given while their recompute ran. */
  staleHits: number;
  /** Readers that joined a computation another reader had started. */
  shared: number;
  /** Readers that computed their answer. */
  misses: number;
  entries: number;
  bytes: number;
}

/** For operators and benchmarks, not for the web client. */
export const ops = {
  /** The benchmarks' floor: every plugin runs, no database. */
  ping: endpoint<{ ok: boolean }>()({ method: 'GET', path: '/api/ping' }),
  /** 503 with an error body when the database does not answer. */
  health: endpoint<{ status: string; database: string; publicCache: PublicCacheStats }>()({
    method: 'GET',
    path: '/api/health',
  }),
};
