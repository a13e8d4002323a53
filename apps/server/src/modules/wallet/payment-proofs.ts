import { createHmac, randomBytes } from 'node:crypto';

/** How long a payment password, once proven with argon2id, is taken as proven again without it. */
export const PAYMENT_PROOF_TTL_MS = 5 * 60_000;
/** At most this many proofs are held per node; the oldest goes first (tens of bytes each). */
export const PAYMENT_PROOF_MAX_ENTRIES = 10_000;

/** What a proof is bound to: all four must be the same for a later call to match it. */
export interface PaymentProofSubject {
  /** The session the password was entered in (its token hash). */
  sessionTokenHash: string;
  memberId: bigint;
  /** The stored argon2id hash the password was verified against: a changed password never matches. */
  storedHash: string;
  /** The password as entered. */
  paymentPassword: string;
}

/**
 * Payment passwords already proven with argon2id in this process (docs/decisions/011-payment-password-proofs.md).
 * The key is an HMAC, under a key drawn at start and never stored, over the session, the member,
 * the stored hash and the entered password: the map holds neither the password nor anything an
 * offline search could start from, and a proof of one session, member or hash never stands for
 * another. Only right passwords are ever remembered. Each node has its own: a miss elsewhere just
 * costs argon2id again.
 */
export function createPaymentProofs(
  options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {},
) {
  const ttlMs = options.ttlMs ?? PAYMENT_PROOF_TTL_MS;
  const maxEntries = options.maxEntries ?? PAYMENT_PROOF_MAX_ENTRIES;
  const now = options.now ?? Date.now;
  const secret = randomBytes(32);
  // Insertion order is expiry order (one TTL for all, a renewed proof is re-inserted), so expired
  // and surplus proofs are always at the front.
  const proofs = new Map<string, { expiresAt: number; memberId: bigint }>();

  const keyOf = (subject: PaymentProofSubject) =>
    createHmac('sha256', secret)
      .update(
        JSON.stringify([
          subject.sessionTokenHash,
          subject.memberId.toString(),
          subject.storedHash,
          subject.paymentPassword,
        ]),
      )
      .digest('base64url');

  function sweep(at: number) {
    for (const [key, proof] of proofs) {
      if (proof.expiresAt > at && proofs.size <= maxEntries) return;
      proofs.delete(key);
    }
  }

  return {
    /** Whether this very password was proven in this session against this stored hash lately. */
    holds(subject: PaymentProofSubject): boolean {
      const key = keyOf(subject);
      const proof = proofs.get(key);
      if (!proof) return false;
      if (proof.expiresAt > now()) return true;
      proofs.delete(key);
      return false;
    },

    /** Call only after argon2id said the password is right. */
    remember(subject: PaymentProofSubject): void {
      const at = now();
      const key = keyOf(subject);
      proofs.delete(key);
      proofs.set(key, { expiresAt: at + ttlMs, memberId: subject.memberId });
      sweep(at);
    },

    /** Drops every proof of the member (their payment password changed). */
    forgetMember(memberId: bigint): void {
      for (const [key, proof] of proofs) if (proof.memberId === memberId) proofs.delete(key);
    },

    get size(): number {
      return proofs.size;
    },
  };
}
export type PaymentProofs = ReturnType<typeof createPaymentProofs>;
