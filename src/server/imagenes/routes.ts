import type { FastifyPluginAsync } from 'fastify';
import { LRUCache } from 'lru-cache';
import { contract } from '#shared/contract';
import { imageFileParams } from '#shared/schemas/imagenes';
import type { AppDeps } from '#server/deps';
import { immutableAsset } from '#server/http/cache';
import { AppError, notFound } from '#server/http/errors';
import { contractRoutes } from '#server/http/route';
import { requireUser } from '#server/auth/session';
import { mediumVariants } from './medium';
import { storeUpload, uploadQuotaError, type UploadLimits } from './quota';
import {
  findImage,
  IMAGE_WRONG_TYPE,
  IMAGES_BUSY,
  imageId,
  imageQueueFull,
  processImage,
  readImageVariant,
} from './store';

/** Larger than the 2 MB rule so that an oversize image reaches processImage and gets the spec's message. */
const UPLOAD_BODY_LIMIT = 8 * 1024 * 1024;

export const imagenesRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  // Images are stored by content hash, so a cached copy never goes stale while it exists; the time limit
  // only lets a deleted image stop being served from memory.
  const served = new LRUCache<string, Buffer>({
    maxSize: Math.max(1, deps.config.IMAGE_CACHE_MB * 1024 * 1024),
    sizeCalculation: (b) => Math.max(1, b.length),
    ttl: 3_600_000,
  });
  // Rows from before the medium variant get it made on first request (medium.ts), once per image at a time.
  const readMedium = mediumVariants(deps.db);

  // Uploads are the raw file bytes; whatever the declared type, processImage decides by the content.
  app.addContentTypeParser(
    /^(image\/[\w.+-]+|application\/octet-stream)$/,
    { parseAs: 'buffer', bodyLimit: UPLOAD_BODY_LIMIT },
    (_req, body, done) => done(null, body),
  );

  const route = contractRoutes(app, (request) => requireUser(deps.auth, request));
  const limits: UploadLimits = { perHour: deps.config.UPLOAD_LIMIT_PER_HOUR, perDay: deps.config.UPLOAD_LIMIT_PER_DAY };

  route(
    contract.imagenes.upload,
    async ({ request, reply, user, send }) => {
      if (!Buffer.isBuffer(request.body)) throw new AppError(400, 'image_wrong_type', IMAGE_WRONG_TYPE);
      // The same bytes again (a retry, a re-submitted form) are the image already stored: no decoding, no count.
      const known = await findImage(deps.db, imageId(request.body));
      const id = known ?? (await storeUpload(deps.db, await processImage(request.body), user.id, limits));
      reply.header('cache-control', 'private, no-store');
      return send({ id }, 201);
    },
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      // Before the body is read: a guest, an account over its quota or a full image queue costs no upload.
      onRequest: async (request, reply) => {
        const user = await requireUser(deps.auth, request);
        const over = await uploadQuotaError(deps.db, user.id, limits);
        if (over) {
          reply.header('retry-after', String(over.retryAfterSeconds));
          throw over.error;
        }
        if (imageQueueFull()) {
          reply.header('retry-after', '5');
          throw new AppError(503, 'images_busy', IMAGES_BUSY);
        }
      },
    },
  );

  // Content-addressed files: like the web app's files (static-files.ts), no info lines per request.
  route(
    contract.imagenes.file,
    async ({ reply, params: { id, file }, send }) => {
      const parsed = imageFileParams.safeParse({ id, size: file.replace(/\.webp$/, '') });
      if (!parsed.success || !file.endsWith('.webp')) throw notFound('No encontramos esta imagen.');
      const { id: image, size } = parsed.data;
      const key = `${image}/${size}`;
      let data = served.get(key);
      if (!data) {
        if (size === 'medium') {
          const medium = await readMedium(image);
          if (!medium) throw notFound('No encontramos esta imagen.');
          if (!medium.exact) {
            // The large file standing in while the image line is full: briefly, so the medium one follows soon.
            reply.header('cache-control', 'public, max-age=60').header('etag', `"${image}-large"`).type('image/webp');
            return send(medium.data, 200);
          }
          data = medium.data;
        } else {
          data = (await readImageVariant(deps.db, image, size)) ?? undefined;
          if (!data) throw notFound('No encontramos esta imagen.');
        }
        served.set(key, data);
      }
      immutableAsset(reply).header('etag', `"${image}-${size}"`).type('image/webp');
      return send(data, 200);
    },
    { logLevel: 'warn' },
  );
};
