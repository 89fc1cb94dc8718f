import type { FastifyPluginAsync } from 'fastify';
import { PUBLICATION_FEE } from '#shared/constants';
import { contract } from '#shared/contract';
import { requireUser } from '#server/auth/session';
import type { AppDeps } from '#server/deps';
import { AppError } from '#server/http/errors';
import { contractRoutes } from '#server/http/route';
import { ProviderError } from './orders-api';
import { handleOrderNotification, processOrder } from './service';
import { verifyNotificationSignature } from './signature';

export const paymentsRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const paymentDeps = () => ({
    db: deps.db,
    provider: deps.payments.provider,
    now: deps.now,
    changed: deps.changes.changed,
    afterProviderAnswer: deps.paymentHooks?.afterProviderAnswer,
    log: (msg: string, data: Record<string, unknown>) => app.log.warn(data, msg),
  });

  const route = contractRoutes(app, (request) => requireUser(deps.auth, request));

  route(contract.pagos.config, async ({ reply }) => {
    reply.header('cache-control', 'no-cache');
    return { provider: deps.payments.provider.name, publicKey: deps.payments.publicKey, amount: PUBLICATION_FEE };
  });

  route(
    contract.pagos.processOrder,
    async ({ request, reply, user, body }) => {
      const result = await processOrder(paymentDeps(), user.id, body);
      request.log.info(
        { userId: user.id, ref: body.external_reference, status: result.status, detail: result.status_detail },
        'payment attempt',
      );
      reply.header('cache-control', 'private, no-store');
      return result;
    },
    { bodyLimit: 16 * 1024 },
  );

  // Mercado Pago (or the sandbox) tells us an order changed; we check the signature, then ask for the order.
  route(
    contract.pagos.webhook,
    async ({ request, query, send }) => {
      const body = request.body as { data?: { id?: unknown } } | undefined;
      const dataId = query['data.id'] ?? (typeof body?.data?.id === 'string' ? body.data.id : undefined);
      const check = verifyNotificationSignature({
        secret: deps.payments.webhookSecret,
        header: request.headers['x-signature'] as string | undefined,
        requestId: request.headers['x-request-id'] as string | undefined,
        dataId,
        now: deps.now(),
      });
      if (!check.ok) {
        request.log.warn({ reason: check.reason }, 'webhook signature refused');
        throw new AppError(401, 'invalid_signature', 'Firma de la notificación inválida.');
      }
      if (!dataId || (query.type && query.type !== 'order')) return send({ received: true }, 200);
      try {
        const outcome = await handleOrderNotification(paymentDeps(), dataId);
        if (outcome === 'unknown')
          request.log.warn({ orderId: dataId }, 'order notification for an order without an attempt of ours');
        else request.log.info({ orderId: dataId, outcome }, 'order notification');
        return send({ received: true, outcome }, 200);
      } catch (err) {
        // Signed, but the provider does not know the order: asking again will not change that, so a 5xx would
        // only make Mercado Pago retry for days. Acknowledge and leave a trace.
        if (err instanceof ProviderError && err.httpStatus === 404) {
          request.log.warn(
            { orderId: dataId, code: err.code },
            'order notification for an order the provider does not know',
          );
          return send({ received: true, outcome: 'unknown' }, 200);
        }
        request.log.error({ err, orderId: dataId }, 'order notification failed');
        throw new AppError(502, 'provider_unavailable', 'No pudimos consultar la orden; reintentá más tarde.');
      }
    },
    { bodyLimit: 64 * 1024 },
  );
};
