import type { ApiErrorBody } from '#shared/api';

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

export type QueryParams = Record<string, string | number | undefined | null>;

export function buildUrl(path: string, params: QueryParams = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
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

/** GET a JSON resource of our API; any failure becomes an ApiError with a Spanish message. */
export async function apiGet<T>(path: string, params?: QueryParams, signal?: AbortSignal): Promise<T> {
  const response = await send(buildUrl(path, params), { headers: { Accept: 'application/json' }, signal });
  return readResponse<T>(response, false);
}

/** POST/PUT/DELETE with a JSON body (or none); an empty answer (204) resolves to null. */
export async function apiSend<T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const response = await send(path, {
    method,
    headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return readResponse<T>(response, true);
}

/** Uploads a file's raw bytes (the server decides by content whether it is an image). */
export async function apiUpload<T>(path: string, file: Blob): Promise<T> {
  const response = await send(path, {
    method: 'POST',
    // Always raw bytes: the server judges the content, never a declared type.
    headers: { Accept: 'application/json', 'Content-Type': 'application/octet-stream' },
    body: file,
  });
  return readResponse<T>(response, false);
}

/** Message to show for any error thrown by a query. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : UNEXPECTED_ERROR_MESSAGE;
}
