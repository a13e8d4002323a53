import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type CallbackSender, createCallbackSender, DEFAULT_RETRY, type RetryPolicy } from './callbacks.ts';
import { renderPayPage } from './pay-page.ts';
import { createPaymentBook, type PaymentBook } from './payments.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import { signatureProblem } from './signing.ts';

export interface GatewayApp {
  app: FastifyInstance;
  /** The payments, for tests and inspection. */
  book: PaymentBook;
  callbacks: CallbackSender;
}

export interface GatewayOptions {
  /** Shared with the merchant: signs orders coming in and callbacks going out. */
  secret: string;
  /** Where browsers reach this gateway, for the pay URL, e.g. http://127.0.0.1:8090. */
  publicUrl: string;
  merchantName?: string;
  /** Where payments and pending callbacks are kept across restarts; in memory only without it. */
  dataDir?: string;
  retry?: Partial<RetryPolicy>;
  logger?: boolean;
}

const httpUrl = z
  .string()
  .max(2000)
  .refine((value) => {
    try {
      return ['http:', 'https:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, 'must be an absolute http(s) URL');

const OrderSchema = z.object({
  merchantOrderNo: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1 to 64 letters, digits, "-" or "_"'),
  amountMinor: z
    .string()
    .regex(/^[1-9]\d{0,13}$/, 'must be a positive whole number of minor units as a decimal string'),
  currency: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code'),
  callbackUrl: httpUrl,
  returnUrl: httpUrl,
});

const PaymentParamsSchema = z.object({ paymentId: z.string().regex(/^P[0-9a-f]{24}$/) });

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
  }
}

function refuse(status: number, code: string, message: string) {
  return { status, body: { success: false, code, message } };
}

/**
 * The payment gateway: a small provider of our own that behaves like a real one. Merchants
 * create orders server to server (signed), payers pay on the hosted page, and the merchant is
 * told by a signed callback, retried until acknowledged.
 */
export async function buildGatewayApp(options: GatewayOptions): Promise<GatewayApp> {
  const app = Fastify({ logger: options.logger === false ? false : { level: 'info' }, bodyLimit: 65_536 });
  const book = createPaymentBook(options.dataDir);
  const callbacks = createCallbackSender({
    book,
    secret: options.secret,
    retry: { ...DEFAULT_RETRY, ...options.retry },
    log: app.log,
  });
  const merchantName = options.merchantName ?? 'Fortuna';
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  await registerSecurityHeaders(app, publicUrl);

  // The signature covers the exact bytes sent, so the body is kept as text before it is parsed.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    (request as FastifyRequest).rawBody = body as string;
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(Object.assign(new Error('the body is not JSON'), { statusCode: 400 }));
    }
  });
  // The pay page's buttons post empty forms.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, _b, done) =>
    done(null, {}),
  );

  app.post('/api/orders', async (request, reply) => {
    const problem = signatureProblem(options.secret, request.headers, request.rawBody ?? '');
    if (problem) {
      request.log.warn({ problem }, 'order refused: bad signature');
      const refusal = refuse(401, 'SIGNATURE_INVALID', `signature ${problem}`);
      return reply.code(refusal.status).send(refusal.body);
    }
    const parsed = OrderSchema.safeParse(request.body);
    if (!parsed.success) {
      return reply.code(400).send({
        success: false,
        code: 'VALIDATION_FAILED',
        message: 'Some fields are not valid',
        issues: parsed.error.issues.map((issue) => ({
          field: `body.${issue.path.join('.')}`,
          message: issue.message,
        })),
      });
    }
    const order = parsed.data;
    const earlier = book.byMerchantOrderNo(order.merchantOrderNo);
    if (earlier) {
      // Idempotent per order number: a retry gets the same payment; a different order under it is refused.
      if (earlier.amountMinor !== order.amountMinor || earlier.currency !== order.currency) {
        const refusal = refuse(409, 'CONFLICT', 'this merchantOrderNo was used for another amount');
        return reply.code(refusal.status).send(refusal.body);
      }
      return answerOf(earlier);
    }
    const payment = book.create(order);
    request.log.info(
      { paymentId: payment.paymentId, merchantOrderNo: order.merchantOrderNo },
      'order created',
    );
    return reply.code(201).send(answerOf(payment));
  });

  function answerOf(payment: { paymentId: string; status: string }) {
    return {
      success: true,
      paymentId: payment.paymentId,
      payUrl: `${publicUrl}/pay/${payment.paymentId}`,
      status: payment.status,
    };
  }

  function paymentOf(params: unknown) {
    const parsed = PaymentParamsSchema.safeParse(params);
    return parsed.success ? book.get(parsed.data.paymentId) : undefined;
  }

  const notFoundPage =
    '<!doctype html><html lang="en"><meta charset="utf-8"><title>Not found</title><p>No such payment.</p></html>';
  const htmlHeaders = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' };

  app.get('/pay/:paymentId', async (request, reply) => {
    const payment = paymentOf(request.params);
    if (!payment) return reply.code(404).headers(htmlHeaders).send(notFoundPage);
    return reply.headers(htmlHeaders).send(renderPayPage(payment, merchantName));
  });

  /** The payer's decision: recorded, the merchant's callback started, the payer sent back. */
  async function decide(request: FastifyRequest, reply: import('fastify').FastifyReply, pay: boolean) {
    const payment = paymentOf(request.params);
    if (!payment) return reply.code(404).headers(htmlHeaders).send(notFoundPage);
    if (payment.status === 'PENDING') {
      book.update(
        payment,
        pay ? { status: 'PAID', paidAt: new Date().toISOString() } : { status: 'CANCELLED', paidAt: null },
      );
      request.log.info({ paymentId: payment.paymentId, status: payment.status }, 'payment decided');
      callbacks.start(payment);
    }
    // A second click finds the decision already made and only sends the payer back.
    return reply.code(303).header('location', payment.returnUrl).send();
  }
  app.post('/pay/:paymentId/pay', (request, reply) => decide(request, reply, true));
  app.post('/pay/:paymentId/cancel', (request, reply) => decide(request, reply, false));

  // A sandbox: anyone may press Pay and the merchant credits a deposit no money paid for. Fortuna asks
  // this at start-up and, in production, refuses to start with it.
  app.get('/healthz', async () => ({ ok: true, sandbox: true }));

  app.addHook('onReady', async () => callbacks.resume());
  app.addHook('onClose', async () => callbacks.stop());
  return { app, book, callbacks };
}
