import { isLazySchema } from '@fortuna/contracts/lazy-schema';
import { describe, expect, it } from 'vitest';
import { lazyContractSchemas } from './lazy-contract-schemas.ts';

const contract = `import { z } from 'zod';
import { defineCall } from './call.ts';
import { envelopeOf } from './envelope.ts';
import { text } from './input-guard.ts';

export const WalletPaths = { balance: '/wps/v2/wallets/balance' } as const;
export const MAX = 10n ** 13n;
export const KINDS = ['a', 'b'] as const;
export const ids = z.registry<{ idColumn: 'text' }>();
export const NameSchema = text().max(32).describe('a name — any');
export const ThingSchema = z.object({
  name: NameSchema,
});
const LocalSchema = z.enum(KINDS);
export const MoreSchema = ThingSchema.extend({ kind: LocalSchema });
export const ThingResponseSchema = envelopeOf(ThingSchema);
export const AliasSchema = ThingSchema;
export const WalletCalls = {
  balance: defineCall({ method: 'GET', path: WalletPaths.balance, response: ThingResponseSchema }),
};
`;

describe('contracts built on first use in the lobby (ADR 061)', () => {
  const lazy = lazyContractSchemas(contract, '/repo/packages/contracts/src/thing.ts') ?? '';

  it('when a top-level const builds a schema (Zod, a schema helper, a method of another schema), then it is wrapped', () => {
    expect(lazy).toContain(
      "export const NameSchema = __lazySchema(() => text().max(32).describe('a name — any'));",
    );
    expect(lazy).toContain(
      'export const ThingSchema = __lazySchema(() => z.object({\n  name: NameSchema,\n}));',
    );
    expect(lazy).toContain('const LocalSchema = __lazySchema(() => z.enum(KINDS));');
    expect(lazy).toContain(
      'export const MoreSchema = __lazySchema(() => ThingSchema.extend({ kind: LocalSchema }));',
    );
    expect(lazy).toContain('export const ThingResponseSchema = __lazySchema(() => envelopeOf(ThingSchema));');
    expect(lazy).toContain("import { lazySchema as __lazySchema } from '@fortuna/contracts/lazy-schema';");
  });

  it('when a top-level const may not be a schema (constants, a registry, an alias, call declarations), then it is left as written', () => {
    for (const line of [
      "export const WalletPaths = { balance: '/wps/v2/wallets/balance' } as const;",
      'export const MAX = 10n ** 13n;',
      "export const ids = z.registry<{ idColumn: 'text' }>();",
      'export const AliasSchema = ThingSchema;',
      'export const WalletCalls = {',
    ])
      expect(lazy).toContain(line);
  });

  it('when wrapped, then every line keeps its number (stack traces stay right without a source map)', () => {
    const lines = contract.split('\n');
    lazy
      .split('\n')
      .slice(0, lines.length)
      .forEach((line, index) => {
        expect(line.replaceAll('__lazySchema(() => ', '').replace(/\)\)(;|,)?$/, ')$1')).toBe(lines[index]);
      });
  });

  it('when a module builds no schema, then it is not changed', () => {
    expect(
      lazyContractSchemas("export const PATHS = ['/'] as const;\n", '/x/contracts/src/routes.ts'),
    ).toBeUndefined();
  });
});

// The contracts as the lobby's tests and build import them: through the plugin (vitest.config.ts).
const contracts = import.meta.glob<Record<string, unknown>>(
  ['../../../packages/contracts/src/*.ts', '!**/*.test.ts'],
  { eager: true },
);

describe('the contracts, imported as the lobby imports them', () => {
  it('when imported, then their schemas are stand-ins; each builds on first use into a working schema', () => {
    let lazySchemas = 0;
    for (const [file, exports] of Object.entries(contracts))
      for (const [name, value] of Object.entries(exports)) {
        if (!name.endsWith('Schema') || typeof value !== 'object' || value === null) continue;
        if (isLazySchema(value)) lazySchemas += 1;
        const schema = value as { safeParse?: (input: unknown) => { success: boolean } };
        expect(typeof schema.safeParse, `${file} ${name}`).toBe('function');
        expect(() => schema.safeParse?.(undefined), `${file} ${name}`).not.toThrow();
      }
    expect(lazySchemas).toBeGreaterThan(200);
  });
});
