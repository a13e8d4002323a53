import { createHash } from 'node:crypto';
import {
  type CreateDepositOrder,
  DEPOSIT_RETURN_PAGE,
  type DepositChannel,
  type DepositChannelKind,
  type DepositHistory,
  type DepositHistoryQuery,
  type DepositOrder,
  type DepositOrderStatus,
} from '@fortuna/contracts/deposit';
import { text } from '@fortuna/contracts/input-guard';
import { formatMinorUnits } from '@fortuna/contracts/wallet';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { type AfterAnswer, createAfterAnswer } from '../../platform/after-answer.ts';
import { inTransaction } from '../../platform/db/after-commit.ts';
import type { Database, Executor } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { PostingRequest } from '../ledger/posting.ts';
import { recordAudit } from '../operators/audit.ts';
import type { OperatorCaller } from '../operators/operator-guards.ts';
import * as store from './deposit.store.ts';
import { createDepositPromotions, type GrantsOnCredit } from './deposit-promotions.ts';
import type { GatewayClient } from './gateway-client.ts';
import { gatewaySignatureProblem } from './gateway-signature.ts';

/** A member may have this many deposits waiting at once; more would only be abandoned carts. */
export const MAX_PENDING_ORDERS = 5;

/** The gateway's callback body (read after its signature is checked). */
export const GatewayCallbackSchema = z.object({
  paymentId: text().min(1).max(100),
  merchantOrderNo: text().min(1).max(64),
  amountMinor: text().regex(/^\d{1,19}$/),
  currency: text().min(1).max(8),
  status: z.enum(['PAID', 'FAILED']),
  paidAt: text().nullable(),
});

/** CREDITED_LATE: the order had expired, the member paid all the same (ADR 012). */
export type CallbackOutcome = 'CREDITED' | 'CREDITED_LATE' | 'FAILED' | 'ALREADY_RECORDED';

/** The fee of a deposit: basis points of the amount (rounded down) plus the fixed part; paid on top. */
export function feeOf(channel: store.ChannelRow, amountMinor: bigint): bigint {
  return (amountMinor * BigInt(channel.feeBasisPoints)) / 10_000n + channel.feeFixedMinor;
}

/**
 * The order number: the date, then a part derived from the member and their request id, so a
 * retried request finds the order it created and two racing ones collide on the unique number.
 */
export function orderNoFor(
  memberId: bigint,
  requestId: string,
  now = new Date(),
): { orderNo: string; suffix: string } {
  const digest = createHash('sha256').update(`${memberId}:${requestId}`).digest();
  const suffix = digest.readBigUInt64BE(0).toString(36).toUpperCase().padStart(13, '0').slice(-11);
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  return { orderNo: `D${day}-${suffix}`, suffix };
}

/** Pay URLs are stored in the order's external reference; the gateway's payment id is their last part. */
const paymentIdOf = (payUrl: string | null) => payUrl?.split('/').pop() ?? null;

export interface DepositDeps {
  db: Database;
  ledger: LedgerService;
  /** Null when PAYMENT_GATEWAY_URL is not configured: the GATEWAY channel is then unavailable. */
  gateway: GatewayClient | null;
  currency: () => string;
  /** Fortuna's own address, as the gateway reaches it (callback) and browsers do (return). */
  publicUrl: string;
  log: FastifyBaseLogger;
  /**
   * Asked once per credited deposit, after its credit committed and off the callback's path
   * (deposit-promotions.ts): the promotions grant the first-deposit bonus there (ADR 045, 078).
   * Without it, deposits are credited and nothing is evaluated.
   */
  grantsOnCredit?: GrantsOnCredit;
  /** Where the evaluation runs once the callback or review has answered (app.ts: the app's own). */
  afterAnswer?: AfterAnswer;
}

/**
 * Deposits: channels with limits, orders paid at our gateway (credited on its signed callback)
 * or by bank transfer (credited when an operator approves). Whatever path, an order is credited
 * at most once: its PENDING → PAID/APPROVED move and the ledger posting share one transaction,
 * and the posting's key `deposit:<orderNo>` could not be applied twice anyway.
 */
export function createDepositService(deps: DepositDeps) {
  const { db, ledger, log } = deps;
  const callbackUrl = `${deps.publicUrl}/wps/wallet/deposit/callback`;
  const returnUrlOf = (orderNo: string) => `${deps.publicUrl}${DEPOSIT_RETURN_PAGE}&order=${orderNo}`;

  function channelView(channel: store.ChannelRow): DepositChannel {
    const unavailable = channel.kind === 'GATEWAY' && !deps.gateway;
    return {
      code: channel.code,
      name: channel.name,
      kind: channel.kind as DepositChannelKind,
      minMinor: channel.minMinor.toString(),
      maxMinor: channel.maxMinor.toString(),
      feeBasisPoints: channel.feeBasisPoints,
      feeFixedMinor: channel.feeFixedMinor.toString(),
      instructions: channel.instructions,
      available: !unavailable,
      unavailableReason: unavailable ? 'The payment gateway is not configured (PAYMENT_GATEWAY_URL)' : null,
    };
  }

  function orderView(order: store.OrderRow, kind: string): DepositOrder {
    const gateway = kind === 'GATEWAY';
    return {
      orderNo: order.orderNo,
      channelCode: order.channelCode,
      channelKind: kind as DepositChannelKind,
      amountMinor: order.amountMinor.toString(),
      feeMinor: order.feeMinor.toString(),
      status: order.status as DepositOrderStatus,
      payUrl: gateway && order.status === 'PENDING' ? order.externalReference : null,
      payerReference: gateway ? null : order.externalReference,
      reviewNote: order.reviewNote,
      createdAt: order.createdAt.toISOString(),
      settledAt: order.settledAt?.toISOString() ?? null,
      expiredAt: order.expiredAt?.toISOString() ?? null,
    };
  }

  /** Makes sure a pending gateway order has its payment at the gateway (again, idempotently). */
  async function withPayment(order: store.OrderRow, channel: store.ChannelRow): Promise<store.OrderRow> {
    if (channel.kind !== 'GATEWAY' || order.status !== 'PENDING' || order.externalReference) return order;
    if (!deps.gateway) throw new AppError('DEPOSIT_CHANNEL_UNAVAILABLE');
    const payment = await deps.gateway.createPayment({
      merchantOrderNo: order.orderNo,
      amountMinor: (order.amountMinor + order.feeMinor).toString(),
      currency: deps.currency(),
      callbackUrl,
      returnUrl: returnUrlOf(order.orderNo),
    });
    await store.setExternalReferenceIfMissing(db, order.orderNo, payment.payUrl);
    return { ...order, externalReference: payment.payUrl };
  }

  /** Moves the money of a settled order: clearing pays the member, the fee goes to the house. */
  async function credit(tx: Executor, order: store.OrderRow, actor: string) {
    const clearing = await ledger.systemAccount('PAYMENT_CLEARING', tx);
    const wallet = await ledger.mainAccountOf(order.memberId, tx);
    const entries = [
      { accountId: clearing.id, amountMinor: -(order.amountMinor + order.feeMinor) },
      { accountId: wallet.id, amountMinor: order.amountMinor },
    ];
    if (order.feeMinor > 0n) {
      const house = await ledger.systemAccount('HOUSE', tx);
      entries.push({ accountId: house.id, amountMinor: order.feeMinor });
    }
    const deposit: PostingRequest = {
      type: 'DEPOSIT',
      reference: `deposit ${order.orderNo}`,
      actor,
      idempotencyKey: `deposit:${order.orderNo}`,
      entries,
    };
    // No savepoint: any failure here rolls the whole crediting transaction back, order move included.
    const posted = await ledger.postAllOrNothing(deposit, tx);
    // After the posting, which locked the member's wallet: the order's place among its credits is exact.
    await store.setLedgerTransaction(tx, order.orderNo, posted.id);
  }

  /** Its promotions are granted after the credit commits, not in it (ADR 078). */
  const promotions = deps.grantsOnCredit
    ? createDepositPromotions({
        db,
        ledger,
        afterAnswer: deps.afterAnswer ?? createAfterAnswer(log),
        grantsOnCredit: deps.grantsOnCredit,
      })
    : undefined;

  const ledgerActorOf = (operator: OperatorCaller) =>
    operator.operatorId === null ? 'operator:ops-token' : `operator:${operator.operatorId}`;

  async function review(orderNo: string, operator: OperatorCaller, note: string, approve: boolean) {
    // inTransaction: the member hears the credit once it is committed.
    const reviewed = await inTransaction(db, async (tx) => {
      const order = await store.findOrder(tx, orderNo);
      if (!order) throw new AppError('NOT_FOUND', { message: `deposit order ${orderNo} not found` });
      const channel = await store.findChannel(tx, order.channelCode);
      if (channel?.kind !== 'BANK_TRANSFER') {
        throw new AppError('CONFLICT', {
          message: 'only bank transfers are reviewed; gateway orders settle by callback',
        });
      }
      // An expired bank transfer may still show up on the statement days later (ADR 012).
      const settled = await store.settlePending(
        tx,
        orderNo,
        { status: approve ? 'APPROVED' : 'REJECTED', reviewedBy: operator.operatorId, reviewNote: note },
        ['PENDING', 'EXPIRED'],
      );
      if (!settled) {
        // Read again: a concurrent review may have settled it since the first read.
        const now = await store.findOrder(tx, orderNo);
        throw new AppError('CONFLICT', { message: `deposit order ${orderNo} is already ${now?.status}` });
      }
      if (approve) await credit(tx, settled, ledgerActorOf(operator));
      await recordAudit(tx, {
        actor: operator.actor,
        action: approve ? 'deposit.approve' : 'deposit.reject',
        targetType: 'deposit_order',
        targetId: orderNo,
        details: { note, amountMinor: settled.amountMinor, memberId: settled.memberId },
      });
      return orderView((await store.findOrder(tx, orderNo)) ?? settled, channel.kind);
    });
    if (approve) promotions?.afterCredit(orderNo);
    return reviewed;
  }

  return {
    /** The deposits' promotions (ADR 078): their sweep, and what tests await; undefined without them. */
    promotions,

    async channels(): Promise<DepositChannel[]> {
      return (await store.enabledChannels(db)).map(channelView);
    },

    async createOrder(memberId: bigint, input: CreateDepositOrder): Promise<DepositOrder> {
      const channel = await store.findChannel(db, input.channelCode);
      if (!channel?.enabled) throw AppError.invalidField('body.channelCode', 'no such deposit channel');
      if (channel.kind === 'GATEWAY' && !deps.gateway) throw new AppError('DEPOSIT_CHANNEL_UNAVAILABLE');
      if (channel.kind === 'GATEWAY' && input.payerReference !== undefined) {
        throw AppError.invalidField('body.payerReference', 'only a bank transfer takes a payer reference');
      }
      const amountMinor = BigInt(input.amountMinor);
      if (amountMinor < channel.minMinor || amountMinor > channel.maxMinor) {
        throw AppError.invalidField(
          'body.amountMinor',
          `must be between ${formatMinorUnits(channel.minMinor)} and ${formatMinorUnits(channel.maxMinor)}`,
        );
      }
      const { orderNo, suffix } = orderNoFor(memberId, input.requestId);
      const feeMinor = feeOf(channel, amountMinor);
      const payerReference = channel.kind === 'BANK_TRANSFER' ? (input.payerReference ?? null) : null;

      const order = await db.transaction(async (tx) => {
        const earlier = await store.findOrderBySuffix(tx, memberId, suffix);
        if (earlier) return earlier;
        await store.lockMember(tx, memberId);
        // A twin of this request may have made the order while this one waited for the lock: it
        // answers that order rather than counting it against the pending limit.
        const twin = await store.findOrderBySuffix(tx, memberId, suffix);
        if (twin) return twin;
        if ((await store.countPending(tx, memberId)) >= MAX_PENDING_ORDERS) {
          throw new AppError('TOO_MANY_PENDING_DEPOSITS');
        }
        const inserted = await store.insertOrderIfNew(tx, {
          orderNo,
          memberId,
          channelCode: channel.code,
          amountMinor,
          feeMinor,
          status: 'PENDING',
          externalReference: payerReference,
        });
        return inserted ?? (await store.findOrder(tx, orderNo));
      });
      if (!order) throw new Error(`deposit order ${orderNo} vanished`);
      // The same request id again: the same order, unless it asked for something else.
      if (order.channelCode !== channel.code || order.amountMinor !== amountMinor) {
        throw new AppError('CONFLICT', {
          message: 'requestId was used for another deposit',
          issues: [{ field: 'body.requestId', message: 'was used for another deposit' }],
        });
      }
      return orderView(await withPayment(order, channel), channel.kind);
    },

    async history(memberId: bigint, query: DepositHistoryQuery): Promise<DepositHistory> {
      const page = await store.pageOfOrders(
        db,
        { memberId, status: query.status },
        query.page,
        query.pageSize,
      );
      return {
        orders: page.rows.map((row) => orderView(row, row.channelKind)),
        page: query.page,
        pageSize: query.pageSize,
        total: page.total,
      };
    },

    /** One of the member's own orders; another member's is not found, not forbidden. */
    async orderOf(memberId: bigint, orderNo: string): Promise<DepositOrder> {
      const order = await store.findOrder(db, orderNo);
      if (!order || order.memberId !== memberId)
        throw new AppError('NOT_FOUND', { message: 'No such deposit order' });
      const channel = await store.findChannel(db, order.channelCode);
      return orderView(order, channel?.kind ?? 'GATEWAY');
    },

    /**
     * The gateway's signed word that an order was paid or failed. Answers normally only once the
     * outcome is committed (the gateway retries anything else); refuses, moving nothing, whatever
     * does not match the order exactly.
     */
    async handleCallback(
      headers: Record<string, string | string[] | undefined>,
      rawBody: string,
    ): Promise<CallbackOutcome> {
      if (!deps.gateway) throw new AppError('DEPOSIT_CHANNEL_UNAVAILABLE');
      const problem = gatewaySignatureProblem(deps.gateway.secret, headers, rawBody);
      if (problem) {
        log.warn({ problem }, 'deposit callback refused: signature');
        throw new AppError('SIGNATURE_INVALID', { message: `The signature is ${problem}` });
      }
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        throw new AppError('MALFORMED_REQUEST');
      }
      const parsed = GatewayCallbackSchema.safeParse(json);
      if (!parsed.success) {
        throw new AppError('VALIDATION_FAILED', {
          issues: parsed.error.issues.map((issue) => ({
            field: `body.${issue.path.join('.')}`,
            message: issue.message,
          })),
        });
      }
      const callback = parsed.data;
      const order = await store.findOrder(db, callback.merchantOrderNo);
      const channel = order && (await store.findChannel(db, order.channelCode));
      if (!order || channel?.kind !== 'GATEWAY') {
        log.error({ callback }, 'deposit callback for an unknown order');
        throw new AppError('NOT_FOUND', { message: 'No such gateway deposit order' });
      }
      const expectedPaymentId = paymentIdOf(order.externalReference);
      const payable = order.amountMinor + order.feeMinor;
      if (
        callback.amountMinor !== payable.toString() ||
        callback.currency !== deps.currency() ||
        (expectedPaymentId !== null && callback.paymentId !== expectedPaymentId)
      ) {
        // Never credit a different amount: an operator must look at this one.
        log.error(
          { callback, orderNo: order.orderNo, payable: payable.toString() },
          'deposit callback does not match its order: refused',
        );
        throw new AppError('CONFLICT', { message: 'The callback does not match the order' });
      }
      const wanted = callback.status === 'PAID' ? 'PAID' : 'FAILED';
      // The member paid, even if only after the order expired: credited once all the same (ADR 012).
      const from = wanted === 'PAID' ? ['PENDING', 'EXPIRED'] : ['PENDING'];
      const outcome = await inTransaction(db, async (tx): Promise<CallbackOutcome | null> => {
        const settled = await store.settlePending(tx, order.orderNo, { status: wanted }, from);
        if (!settled) return null;
        if (wanted === 'FAILED') return 'FAILED';
        await credit(tx, settled, 'vendor:payment-gateway');
        return settled.expiredAt ? 'CREDITED_LATE' : 'CREDITED';
      });
      if (outcome) {
        if (outcome === 'CREDITED' || outcome === 'CREDITED_LATE') promotions?.afterCredit(order.orderNo);
        if (outcome === 'CREDITED_LATE')
          log.warn({ orderNo: order.orderNo }, 'deposit paid after its order expired: credited');
        else log.info({ orderNo: order.orderNo, outcome }, 'deposit callback recorded');
        return outcome;
      }
      const now = await store.findOrder(db, order.orderNo);
      if (now?.status === wanted) return 'ALREADY_RECORDED';
      // A failure reported for an order that already expired unpaid changes nothing.
      if (wanted === 'FAILED' && now?.status === 'EXPIRED') return 'ALREADY_RECORDED';
      log.error(
        { orderNo: order.orderNo, status: now?.status, callback },
        'deposit callback contradicts the settled order',
      );
      throw new AppError('CONFLICT', { message: `The order is already ${now?.status}` });
    },

    approve: (orderNo: string, operator: OperatorCaller, note: string) =>
      review(orderNo, operator, note, true),
    reject: (orderNo: string, operator: OperatorCaller, note: string) =>
      review(orderNo, operator, note, false),

    async listForOperators(query: DepositHistoryQuery) {
      const page = await store.pageOfOrders(db, { status: query.status }, query.page, query.pageSize);
      return {
        orders: page.rows.map((row) => ({
          ...orderView(row, row.channelKind),
          memberId: row.memberId.toString(),
          username: row.username,
        })),
        page: query.page,
        pageSize: query.pageSize,
        total: page.total,
      };
    },
  };
}
export type DepositService = ReturnType<typeof createDepositService>;
