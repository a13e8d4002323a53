import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BIGINT_MAX, bigintId, INT_MAX, intId, text, textId, textIds, toSafeText } from './input-guard.ts';

type Schema = z.core.$ZodType;
/** A string or id leaf found in a schema, with the path that reaches it, for the failure message. */
interface Leaf {
  path: string;
  schema: Schema;
}

const ID_KEY = /(^id|Id|Ids)$/;

/** Every schema this package exports, by "file.ExportName". */
function exportedSchemas(): [string, Schema][] {
  const modules = import.meta.glob(['./*.ts', '!./*.test.ts'], { eager: true });
  const found: [string, Schema][] = [];
  for (const [file, module] of Object.entries(modules))
    for (const [name, value] of Object.entries(module))
      if (value instanceof z.core.$ZodType) found.push([`${file.slice(2, -3)}.${name}`, value]);
  return found;
}

// Vitest (Vite) expands import.meta.glob; contracts have no Vite types of their own.
declare global {
  interface ImportMeta {
    glob(patterns: string[], options: { eager: true }): Record<string, Record<string, unknown>>;
  }
}

/**
 * Walks a zod schema: every string leaf (formats included), and every field whose name says it
 * is an id. Each schema object is walked once (lazy ones included), so cycles end.
 */
function walk(schema: Schema, path: string, strings: Leaf[], ids: Leaf[], seen: Set<Schema>): void {
  if (seen.has(schema)) return;
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const next = (inner: unknown, suffix = '') => walk(inner as Schema, path + suffix, strings, ids, seen);
  switch (def.type) {
    case 'string':
      strings.push({ path, schema });
      return;
    case 'object':
      for (const [key, field] of Object.entries(def.shape as Record<string, Schema>)) {
        if (ID_KEY.test(key)) ids.push({ path: `${path}.${key}`, schema: field });
        next(field, `.${key}`);
      }
      if (def.catchall) next(def.catchall, '.*');
      return;
    case 'array':
      next(def.element, '[]');
      return;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      next(def.innerType);
      return;
    case 'union':
      for (const option of def.options as Schema[]) next(option);
      return;
    case 'intersection':
      next(def.left);
      next(def.right);
      return;
    case 'record':
      next(def.keyType, '.<key>');
      next(def.valueType, '.*');
      return;
    case 'tuple':
      for (const item of def.items as Schema[]) next(item, '[]');
      if (def.rest) next(def.rest, '[]');
      return;
    case 'pipe': {
      // What a client sends meets `in` first; a string produced by a transform is not input. A
      // string that is transformed then checked (z.stringbool(), trim-then-pattern) is judged whole.
      const inner: Leaf[] = [];
      walk(def.in as Schema, path, inner, ids, seen);
      if (inner.length > 0) strings.push({ path, schema });
      return;
    }
    case 'lazy':
      next((def.getter as () => Schema)());
      return;
  }
}

const refuses = (schema: Schema, value: unknown) => !z.safeParse(schema, value).success;
const accepts = (schema: Schema, value: unknown) => z.safeParse(schema, value).success;

/** Unwraps optional/nullable/default so a registered text id is found under its wrappers. */
function core(schema: Schema): Schema {
  const def = schema._zod.def as unknown as { type: string; innerType?: Schema };
  return def.innerType && ['optional', 'nullable', 'default', 'prefault', 'readonly'].includes(def.type)
    ? core(def.innerType)
    : schema;
}

const BIGINT_PAST = (BIGINT_MAX + 1n).toString();

describe('the guard for strings and ids', () => {
  it('when a string holds NUL or a lone surrogate, then text() refuses it and says why', () => {
    expect(text().safeParse('a\u0000b').error?.issues[0]?.message).toMatch(/NUL/);
    expect(text().safeParse('\ud800').error?.issues[0]?.message).toMatch(/surrogate/);
    expect(text().safeParse('x\udc00y').success).toBe(false);
    expect(text().safeParse('emoji 😀 ok').success).toBe(true);
  });

  it('when an id is past its column, zero, negative or not a number, then it is refused', () => {
    expect(bigintId().safeParse(BIGINT_MAX.toString()).success).toBe(true);
    for (const bad of [BIGINT_PAST, '99999999999999999999', '0', '-1', '1.5', '1e3', ' 1', '', '1\u0000'])
      expect(bigintId().safeParse(bad).success, bad).toBe(false);
    expect(intId().safeParse(INT_MAX).success).toBe(true);
    for (const bad of [INT_MAX + 1, 0, -1, 1.5, Number.NaN, 2 ** 63])
      expect(intId().safeParse(bad).success).toBe(false);
    expect(intId('id', { coerce: true }).safeParse('2147483648').success).toBe(false);
  });
});

describe('every contract schema', () => {
  const schemas = exportedSchemas();
  const strings: Leaf[] = [];
  const ids: Leaf[] = [];
  // One walk over all of them: a schema reused by many exports is reported once, where first met.
  const seen = new Set<Schema>();
  for (const [name, schema] of schemas) walk(schema, name, strings, ids, seen);

  it('walks the whole package (a guard test that found nothing would prove nothing)', () => {
    expect(schemas.length).toBeGreaterThan(150);
    expect(strings.length).toBeGreaterThan(300);
    expect(ids.length).toBeGreaterThan(30);
  });

  it('when a string field is sent NUL or a lone surrogate, then every one refuses it', () => {
    const open = strings
      .filter(
        ({ schema }) =>
          accepts(schema, 'a\u0000b') || accepts(schema, '\ud800') || accepts(schema, 'a\udfff'),
      )
      .map(({ path }) => path);
    expect(open).toEqual([]);
  });

  it('when a numeric id field is sent 2^63, zero or -1, then every one refuses it', () => {
    const open = ids
      .filter(({ schema }) => !textIds.has(core(schema)))
      .filter(({ schema }) => [1, '1', [1], ['1']].some((value) => accepts(schema, value)))
      .filter(({ schema }) =>
        [BIGINT_PAST, 2 ** 63, '0', 0, '-1', -1, [BIGINT_PAST], [2 ** 63], [0]].some((value) =>
          accepts(schema, value),
        ),
      )
      .map(({ path }) => path);
    expect(open).toEqual([]);
  });

  it('when an id is text (a vendor id, a captcha id), then it is declared so and still bounded', () => {
    expect(textIds.has(core(textId().optional()))).toBe(true);
    expect(refuses(textId(8), '123456789')).toBe(true);
  });
});

describe('quoting refused input in an answer', () => {
  it('when a message quotes NUL or a lone surrogate, then toSafeText makes it storable and answerable', () => {
    expect(toSafeText('key "\u0000" and \ud800 but 😀')).toBe('key "\uFFFD" and \uFFFD but 😀');
    expect(text().safeParse(toSafeText('a\u0000\udfff')).success).toBe(true);
  });
});
