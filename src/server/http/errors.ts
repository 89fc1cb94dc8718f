import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import type { ApiErrorBody } from '#shared/api';

/** An error we mean to show: its status, a stable code, and the Spanish message the user reads. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const TOO_MANY_ATTEMPTS = 'Demasiados intentos. Esperá unos minutos y volvé a intentar.';

export const notFound = (message = 'No encontramos lo que buscás.') => new AppError(404, 'not_found', message);
export const badRequest = (message: string, code = 'validation_error') => new AppError(400, code, message);

export function errorBody(code: string, message: string): ApiErrorBody {
  return { error: { code, message } };
}

/** Fastify's own errors, in words a user can act on. */
const FASTIFY_MESSAGES: Record<string, [number, string, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'payload_too_large', 'Lo que enviaste es demasiado grande.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media_type', 'Formato de datos no admitido.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'invalid_json', 'Faltan los datos de la solicitud.'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'invalid_json', 'Los datos enviados no son válidos.'],
};

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      // A spent miss budget (ADR 048) says when to come back; its answer is nobody's to keep.
      const retryAfter = (error as AppError & { retryAfterSeconds?: number }).retryAfterSeconds;
      if (retryAfter !== undefined) reply.header('retry-after', retryAfter).header('cache-control', 'no-store');
      return reply.status(error.statusCode).send(errorBody(error.code, error.message));
    }
    if (error instanceof ZodError) {
      const first = error.issues[0];
      return reply.status(400).send(errorBody('validation_error', first?.message ?? 'Datos inválidos.'));
    }
    const code = (error as FastifyError).code;
    const known = code ? FASTIFY_MESSAGES[code] : undefined;
    if (known) return reply.status(known[0]).send(errorBody(known[1], known[2]));
    if ((error as FastifyError).statusCode === 429) {
      return reply.status(429).send(errorBody('too_many_requests', TOO_MANY_ATTEMPTS));
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.status(status).send(errorBody('bad_request', 'La solicitud no es válida.'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send(errorBody('internal_error', 'Ocurrió un error inesperado. Por favor intentá nuevamente.'));
  });
}
