import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type PaymentStatus = 'PENDING' | 'PAID' | 'CANCELLED';

export interface Payment {
  paymentId: string;
  merchantOrderNo: string;
  amountMinor: string;
  currency: string;
  callbackUrl: string;
  returnUrl: string;
  status: PaymentStatus;
  createdAt: string;
  paidAt: string | null;
  /** The merchant's callback: how often it was tried, when next, and whether it was acknowledged. */
  callback: {
    state: 'NONE' | 'PENDING' | 'DELIVERED' | 'GAVE_UP';
    attempts: number;
    nextAttemptAt: string | null;
    lastError: string | null;
  };
}

export interface NewPayment {
  merchantOrderNo: string;
  amountMinor: string;
  currency: string;
  callbackUrl: string;
  returnUrl: string;
}

/**
 * The gateway's payments, held in memory. With a data directory every change is written to
 * `payments.json` (to a temporary file, then renamed, so a crash leaves the old or the new file,
 * never half of one): after a restart the payments and their undelivered callbacks come back.
 */
export function createPaymentBook(dataDir?: string) {
  const byId = new Map<string, Payment>();
  const byOrderNo = new Map<string, string>();
  const file = dataDir ? join(dataDir, 'payments.json') : null;

  if (file && dataDir) {
    mkdirSync(dataDir, { recursive: true });
    try {
      for (const payment of JSON.parse(readFileSync(file, 'utf8')) as Payment[]) {
        byId.set(payment.paymentId, payment);
        byOrderNo.set(payment.merchantOrderNo, payment.paymentId);
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }

  function save(): void {
    if (!file) return;
    const temporary = `${file}.tmp`;
    writeFileSync(temporary, JSON.stringify([...byId.values()], null, 1));
    renameSync(temporary, file);
  }

  return {
    get: (paymentId: string) => byId.get(paymentId),
    byMerchantOrderNo(merchantOrderNo: string): Payment | undefined {
      const id = byOrderNo.get(merchantOrderNo);
      return id ? byId.get(id) : undefined;
    },
    create(input: NewPayment): Payment {
      const payment: Payment = {
        ...input,
        paymentId: `P${randomBytes(12).toString('hex')}`,
        status: 'PENDING',
        createdAt: new Date().toISOString(),
        paidAt: null,
        callback: { state: 'NONE', attempts: 0, nextAttemptAt: null, lastError: null },
      };
      byId.set(payment.paymentId, payment);
      byOrderNo.set(payment.merchantOrderNo, payment.paymentId);
      save();
      return payment;
    },
    /** Applies a change to a payment and writes it down before anyone acts on it. */
    update(payment: Payment, change: Partial<Payment>): Payment {
      Object.assign(payment, change);
      save();
      return payment;
    },
    /** Payments whose callback has not been acknowledged yet (to resume after a restart). */
    awaitingCallback: () => [...byId.values()].filter((payment) => payment.callback.state === 'PENDING'),
  };
}
export type PaymentBook = ReturnType<typeof createPaymentBook>;
