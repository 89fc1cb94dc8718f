import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Files that are the same bytes for everyone whoever asks (content-addressed or built): their headers stay. */
const SAME_FOR_EVERYONE = /^\/(?:assets\/|icons\/|api\/imagenes\/)|\.(?:js|css|svg|png|ico|webmanifest|woff2|webp)$/;

/**
 * Every page and API answer to a request that carried the session cookie is `private`, never `public`, even when
 * its body is the page everyone gets: the service worker (ADR 050) stores only answers marked public, and it cannot
 * see an HttpOnly cookie to tell a signed-in request apart. A 304 is marked too, so a browser that revalidates
 * a private answer never turns it public. Built files and photos are left alone: the same bytes for everyone.
 */
export function registerPrivateSessionAnswers(app: FastifyInstance, hasSession: (request: FastifyRequest) => boolean) {
  app.addHook('onSend', (request, reply, payload, done) => {
    const cacheControl = reply.getHeader('cache-control');
    if (
      typeof cacheControl === 'string' &&
      /\bpublic\b/.test(cacheControl) &&
      hasSession(request) &&
      !SAME_FOR_EVERYONE.test(request.url.split('?')[0]!)
    )
      reply.header('cache-control', cacheControl.replace(/\bpublic\b/, 'private'));
    done(null, payload);
  });
}
