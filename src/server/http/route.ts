import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { BodyOutput, Endpoint, ParamsOutput, QueryOutput, ResponseOf } from '#shared/contract';

declare const sentType: unique symbol;
/** A reply already sent with a body of type T (raw cached JSON, a 201, a 204): the handler returns it. */
export type Sent<T> = FastifyReply & { readonly [sentType]: T };

/** Marks a reply whose body another library wrote (Better Auth's answers, passed through): its type is the contract's word. */
export const passedThrough = <T>(reply: FastifyReply): Sent<T> => reply as Sent<T>;

export interface RouteContext<E extends Endpoint, User, Early = undefined> {
  request: FastifyRequest;
  reply: FastifyReply;
  /** The signed-in user on `auth: true` endpoints (a guest got 401 before anything else was read). */
  user: E['auth'] extends true ? User : null;
  params: ParamsOutput<E>;
  query: QueryOutput<E>;
  body: BodyOutput<E>;
  /** Sends the answer with a status other than 200 (201 Created). */
  send(body: ResponseOf<E>, status: number): Sent<ResponseOf<E>>;
  /** 204 for endpoints that answer nothing (`endpoint<null>`). */
  noContent(this: void, ...none: null extends ResponseOf<E> ? [] : [never]): Sent<ResponseOf<E>>;
  /** What the route's `early` option started before the user was known (undefined if it started nothing). */
  early: Promise<Early> | undefined;
}

export type RouteHandler<E extends Endpoint, User, Early = undefined> = (
  ctx: RouteContext<E, User, Early>,
) => Promise<ResponseOf<E> | Sent<ResponseOf<E>>>;

export interface RouteOptions<Early> extends RouteShorthandOptions {
  /**
   * A read to start alongside the session lookup instead of after it: under load each round trip waits behind the
   * read traffic, so an owner's save is one round trip shorter (ADR 008). It gets the raw request (nothing checked
   * yet) and must only read; the handler still checks the user against what it read. Its result is dropped, and its
   * failure ignored, when the request is refused before the handler runs.
   */
  early?: (request: FastifyRequest) => Promise<Early> | undefined;
}

const hasSchema = (value: unknown): value is { parse(input: unknown): unknown } =>
  typeof value === 'object' && value !== null && typeof (value as { parse?: unknown }).parse === 'function';

/**
 * Registers routes from the shared contract (src/shared/contract): method and path come from the endpoint, and the
 * handler gets the user (auth endpoints), params, query and body already checked by the endpoint's zod schemas,
 * in that order, and must answer the endpoint's response type. A failed check throws the ZodError that the error
 * handler (errors.ts) turns into a 400 with the first issue's Spanish message.
 *
 * Why not fastify-type-provider-zod (ADR 012): it validates in Fastify's validation phase, before the handler, so
 * a guest's malformed write would get 400 instead of 401 and a rate limit would stop counting malformed attempts;
 * and it types answers only through response schemas and its serializer, which the cached routes must not use
 * (they send pre-serialised JSON bytes, see cached-json.ts).
 */
export function contractRoutes<User>(app: FastifyInstance, authenticate: (request: FastifyRequest) => Promise<User>) {
  return function route<E extends Endpoint, Early = undefined>(
    endpoint: E,
    handler: RouteHandler<E, User, Early>,
    { early: startEarly, ...options }: RouteOptions<Early> = {},
  ): void {
    app.route({
      ...options,
      method: endpoint.method,
      url: endpoint.path,
      handler: async (request, reply) => {
        const early = startEarly?.(request);
        // A guest's 401 (or a 400) leaves the read unawaited: its failure must not become an unhandled rejection.
        early?.catch(() => undefined);
        const user = endpoint.auth ? await authenticate(request) : null;
        const params: unknown = endpoint.params ? endpoint.params.parse(request.params) : request.params;
        const query: unknown = endpoint.query ? endpoint.query.parse(request.query) : request.query;
        const body: unknown = hasSchema(endpoint.body) ? endpoint.body.parse(request.body) : request.body;
        // The one place the parsed values meet their types: they were just checked by the endpoint's own schemas.
        const ctx = {
          request,
          reply,
          user,
          params,
          query,
          body,
          send: (answer: unknown, status: number) => reply.status(status).send(answer),
          noContent: () => reply.status(204).send(),
          early,
        } as unknown as RouteContext<E, User, Early>;
        return handler(ctx);
      },
    });
  };
}
