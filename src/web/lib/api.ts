import type { ApiErrorBody } from '#shared/api';
import {
  endpointUrl,
  type BodyInput,
  type BytesBody,
  type Endpoint,
  type EndpointDef,
  type ResponseOf,
  type UrlArgs,
  type UrlParts,
} from '#shared/contract';
import type { z } from 'zod';

export const NETWORK_ERROR_MESSAGE = 'No pudimos conectarnos con el servidor. Revisá tu conexión e intentá nuevamente.';
export const UNEXPECTED_ERROR_MESSAGE = 'Ocurrió un error inesperado. Intentá nuevamente.';

/** A failed API call: the server's stable code and its Spanish message (or ours for network failures). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }

  get isNotFound(): boolean {
    return this.status === 404 || this.code === 'not_found';
  }

  /** 4xx answers will not change by asking again (except 408 and 429). */
  get isRetryable(): boolean {
    return this.status === 0 || this.status >= 500 || this.status === 408 || this.status === 429;
  }
}

function isErrorBody(body: unknown): body is ApiErrorBody {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const error = body.error;
  return typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string';
}

async function readResponse<T>(response: Response, allowEmpty: boolean): Promise<T> {
  let body: unknown = null;
  try {
    const text = await response.text();
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!response.ok) {
    if (isErrorBody(body)) throw new ApiError(response.status, body.error.code || 'http_error', body.error.message);
    throw new ApiError(response.status, 'http_error', UNEXPECTED_ERROR_MESSAGE);
  }
  if (body === null && !allowEmpty) throw new ApiError(response.status, 'invalid_response', UNEXPECTED_ERROR_MESSAGE);
  return body as T;
}

async function send(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, { credentials: 'same-origin', ...init });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, 'network_error', NETWORK_ERROR_MESSAGE);
  }
}

type BodyPart<E extends EndpointDef> = E['body'] extends z.ZodType | BytesBody
  ? { body: BodyInput<E> }
  : { body?: undefined };
/** What a call of `E` takes: its path params and query (see UrlParts), its body, and an abort signal. */
type ApiOptions<E extends EndpointDef> = UrlParts<E> & BodyPart<E> & { signal?: AbortSignal };
type ApiArgs<E extends EndpointDef> =
  object extends ApiOptions<E> ? [options?: ApiOptions<E>] : [options: ApiOptions<E>];

const isBytes = (e: EndpointDef) => typeof e.body === 'object' && 'kind' in e.body && e.body.kind === 'bytes';

/**
 * Calls one endpoint of the contract (src/shared/contract): its URL, method and body come from the endpoint,
 * and the answer has its response type. Any failure becomes an ApiError with a Spanish message.
 * A GET must answer a body; a write may answer nothing (204), which resolves to null.
 */
export async function api<E extends Endpoint>(endpoint: E, ...args: ApiArgs<E>): Promise<ResponseOf<E>> {
  const { body, signal, ...parts } = (args[0] ?? {}) as { body?: unknown; signal?: AbortSignal };
  const url = endpointUrl(endpoint, ...([parts] as UrlArgs<E>));
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (endpoint.method === 'GET') {
    return readResponse<ResponseOf<E>>(await send(url, { headers, signal }), false);
  }
  if (isBytes(endpoint)) {
    // Always raw bytes: the server judges the content, never a declared type.
    headers['Content-Type'] = 'application/octet-stream';
    return readResponse<ResponseOf<E>>(
      await send(url, { method: endpoint.method, headers, body: body as Blob, signal }),
      false,
    );
  }
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const init: RequestInit = {
    method: endpoint.method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  };
  return readResponse<ResponseOf<E>>(await send(url, init), true);
}

/** Message to show for any error thrown by a query. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : UNEXPECTED_ERROR_MESSAGE;
}
