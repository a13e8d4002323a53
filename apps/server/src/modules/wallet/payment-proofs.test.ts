import { describe, expect, it } from 'vitest';
import { createPaymentProofs, PAYMENT_PROOF_TTL_MS } from './payment-proofs.ts';

const subject = (
  overrides: Partial<Parameters<ReturnType<typeof createPaymentProofs>['holds']>[0]> = {},
) => ({
  sessionTokenHash: 'session-a',
  memberId: 7n,
  storedHash: '$argon2id$stored-a',
  paymentPassword: '123456',
  ...overrides,
});

describe('payment proofs', () => {
  it('when a proof was remembered, then only the same session, member, stored hash and password match it', () => {
    const proofs = createPaymentProofs();
    proofs.remember(subject());
    expect(proofs.holds(subject())).toBe(true);
    expect(proofs.holds(subject({ sessionTokenHash: 'session-b' }))).toBe(false);
    expect(proofs.holds(subject({ memberId: 8n }))).toBe(false);
    expect(proofs.holds(subject({ storedHash: '$argon2id$stored-b' }))).toBe(false);
    expect(proofs.holds(subject({ paymentPassword: '123457' }))).toBe(false);
  });

  it('when its time is up, then a proof no longer matches and is dropped', () => {
    let clock = 1_000;
    const proofs = createPaymentProofs({ now: () => clock });
    proofs.remember(subject());
    clock += PAYMENT_PROOF_TTL_MS - 1;
    expect(proofs.holds(subject())).toBe(true);
    clock += 1;
    expect(proofs.holds(subject())).toBe(false);
    expect(proofs.size).toBe(0);
  });

  it('when more proofs are remembered than it may hold, then the oldest go first', () => {
    let clock = 0;
    const proofs = createPaymentProofs({ maxEntries: 3, now: () => clock });
    for (const session of ['s1', 's2', 's3', 's4']) {
      clock += 1;
      proofs.remember(subject({ sessionTokenHash: session }));
    }
    expect(proofs.size).toBe(3);
    expect(proofs.holds(subject({ sessionTokenHash: 's1' }))).toBe(false);
    expect(proofs.holds(subject({ sessionTokenHash: 's4' }))).toBe(true);
  });

  it('when proofs have expired, then remembering a new one sweeps them out', () => {
    let clock = 0;
    const proofs = createPaymentProofs({ now: () => clock });
    proofs.remember(subject({ sessionTokenHash: 's1' }));
    proofs.remember(subject({ sessionTokenHash: 's2' }));
    clock += PAYMENT_PROOF_TTL_MS;
    proofs.remember(subject({ sessionTokenHash: 's3' }));
    expect(proofs.size).toBe(1);
  });

  it('when a member is forgotten, then none of their proofs remain and others stay', () => {
    const proofs = createPaymentProofs();
    proofs.remember(subject({ sessionTokenHash: 's1' }));
    proofs.remember(subject({ sessionTokenHash: 's2' }));
    proofs.remember(subject({ memberId: 8n }));
    proofs.forgetMember(7n);
    expect(proofs.size).toBe(1);
    expect(proofs.holds(subject({ memberId: 8n }))).toBe(true);
  });
});
