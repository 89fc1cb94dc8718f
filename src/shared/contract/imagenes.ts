import { z } from 'zod';
import { bytesBody, endpoint } from './endpoint';

export const imagenes = {
  /** The raw bytes of one image; answers the id of the stored image (the same bytes again: the same id). */
  upload: endpoint<{ id: string }>()({ method: 'POST', path: '/api/imagenes', auth: true, body: bytesBody }),
  /**
   * A stored variant, `:file` being "thumb.webp", "medium.webp" or "large.webp" (binary, immutable). Anything
   * else is a 404, not a 400, so the params are read as plain text and judged by the route.
   */
  file: endpoint<Uint8Array>()({
    method: 'GET',
    path: '/api/imagenes/:id/:file',
    params: z.object({ id: z.string(), file: z.string() }),
  }),
};
