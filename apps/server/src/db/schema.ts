// Every table of the platform, for Drizzle's typed queries and drizzle-kit's migrations.
export * from '../modules/system/system.schema.ts';
