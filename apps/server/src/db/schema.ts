// Every table of the platform, for Drizzle's typed queries and drizzle-kit's migrations.

export * from '../modules/content/content.schema.ts';
export * from '../modules/contracts/contracts.schema.ts';
export * from '../modules/contracts/settlement/settlement.schema.ts';
export * from '../modules/deposit/deposit.schema.ts';
export * from '../modules/feedback/feedback.schema.ts';
export * from '../modules/games/games.schema.ts';
export * from '../modules/identity/identity.schema.ts';
export * from '../modules/ledger/ledger.schema.ts';
export * from '../modules/line/line.schema.ts';
export * from '../modules/messages/messages.schema.ts';
export * from '../modules/operators/operators.schema.ts';
export * from '../modules/promotions/applications.schema.ts';
export * from '../modules/promotions/promotions.schema.ts';
export * from '../modules/raffles/raffles.schema.ts';
export * from '../modules/rebates/rebates.schema.ts';
export * from '../modules/referrals/referrals.schema.ts';
export * from '../modules/rollups/rollups.schema.ts';
export * from '../modules/system/system.schema.ts';
export * from '../modules/vendors/vendors.schema.ts';
export * from '../modules/verification/verification.schema.ts';
export * from '../modules/wallet/wallet.schema.ts';
export * from '../modules/withdrawal/withdrawal.schema.ts';
export * from '../platform/jobs/job-runs.schema.ts';
