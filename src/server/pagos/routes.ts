import type { FastifyPluginAsync } from 'fastify';
import { PUBLICATION_FEE } from '#shared/constants';
import { processOrderSchema, type PaymentsConfig } from '#shared/pagos';
import { requireUser } from '#server/auth/session';
import type { AppDeps } from '#server/deps';
import { AppError, errorBody } from '#server/http/errors';
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

  app.get('/api/payments/config', async (_request, reply): Promise<PaymentsConfig> => {
    reply.header('cache-control', 'no-cache');
    return { provider: deps.payments.provider.name, publicKey: deps.payments.publicKey, amount: PUBLICATION_FEE };
  });

  app.post('/api/payments/process_order', { bodyLimit: 16 * 1024 }, async (request, reply) => {
    const user = await requireUser(deps.auth, request);
    const body = processOrderSchema.parse(request.body);
    const result = await processOrder(paymentDeps(), user.id, body);
    request.log.info(
      { userId: user.id, ref: body.external_reference, status: result.status, detail: result.status_detail },
      'payment attempt',
    );
    return reply.header('cache-control', 'private, no-store').send(result);
  });

  // Mercado Pago (or the sandbox) tells us an order changed; we check the signature, then ask for the order.
  app.post('/api/payments/webhook', { bodyLimit: 64 * 1024 }, async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
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
      return reply.status(401).send(errorBody('invalid_signature', 'Firma de la notificación inválida.'));
    }
    if (!dataId || (query.type && query.type !== 'order')) return reply.status(200).send({ received: true });
    try {
      const outcome = await handleOrderNotification(paymentDeps(), dataId);
      if (outcome === 'unknown')
        request.log.warn({ orderId: dataId }, 'order notification for an order without an attempt of ours');
      else request.log.info({ orderId: dataId, outcome }, 'order notification');
      return reply.status(200).send({ received: true, outcome });
    } catch (err) {
      // Signed, but the provider does not know the order: asking again will not change that, so a 5xx would
      // only make Mercado Pago retry for days. Acknowledge and leave a trace.
      if (err instanceof ProviderError && err.httpStatus === 404) {
        request.log.warn(
          { orderId: dataId, code: err.code },
          'order notification for an order the provider does not know',
        );
        return reply.status(200).send({ received: true, outcome: 'unknown' });
      }
      request.log.error({ err, orderId: dataId }, 'order notification failed');
      throw new AppError(502, 'provider_unavailable', 'No pudimos consultar la orden; reintentá más tarde.');
    }
  });
};
