import { z } from 'zod';
import { IMAGE_ID_PATTERN, IMAGE_SIZE_NAMES } from '#shared/imagenes';

/**
 * The `:size` of `/api/imagenes/:id/:size.webp`: anything else is not a stored variant. Apart from
 * `#shared/imagenes` because the browser imports that one and ships no zod in its first load (ADR 023).
 */
export const imageSize = z.enum(IMAGE_SIZE_NAMES);

/** A file request as the route judges it (the contract reads both as plain text, to answer 404 rather than 400). */
export const imageFileParams = z.object({ id: z.string().regex(IMAGE_ID_PATTERN), size: imageSize });
