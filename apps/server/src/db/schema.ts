// Every table of the platform, for Drizzle's typed queries and drizzle-kit's migrations.

export * from '../modules/identity/identity.schema.ts';
export * from '../modules/ledger/ledger.schema.ts';
export * from '../modules/system/system.schema.ts';
export * from '../modules/verification/verification.schema.ts';
