import { depositChannels } from '../modules/deposit/deposit.schema.ts';
import type { Database } from '../platform/db/database.ts';

/** The demo deposit channels: our gateway and a manual bank transfer an operator approves. */
export const demoDepositChannels: (typeof depositChannels.$inferInsert)[] = [
  {
    code: 'FORTUNA_PAY',
    name: 'Fortuna Pay',
    kind: 'GATEWAY',
    minMinor: 10_000n,
    maxMinor: 10_000_000n,
    feeBasisPoints: 0,
    feeFixedMinor: 0n,
    instructions: {},
    sort: 1,
    // Unpaid gateway orders expire after 30 minutes, bank transfers after 72 hours (ADR 012).
    orderLifetimeMinutes: 30,
  },
  {
    code: 'BANK_TRANSFER',
    name: 'Bank transfer',
    kind: 'BANK_TRANSFER',
    minMinor: 50_000n,
    maxMinor: 50_000_000n,
    feeBasisPoints: 0,
    feeFixedMinor: 0n,
    instructions: {
      bank: 'Banco de Oro (BDO)',
      accountName: 'Fortuna Gaming Inc.',
      accountNumber: '0012-3456-7890',
    },
    sort: 2,
    orderLifetimeMinutes: 72 * 60,
  },
];

/** Idempotent: a channel already there (perhaps changed by an operator) is left as it is. */
export async function seedDepositChannels(db: Database): Promise<void> {
  await db.insert(depositChannels).values(demoDepositChannels).onConflictDoNothing();
}

/**
 * Only the gateway channel: every site has it (unavailable until PAYMENT_GATEWAY_URL is set). The
 * bank transfer channel names a placeholder bank account, so it is demo data.
 */
export async function seedGatewayDepositChannel(db: Database): Promise<void> {
  const gateway = demoDepositChannels.filter((channel) => channel.kind === 'GATEWAY');
  await db.insert(depositChannels).values(gateway).onConflictDoNothing();
}
