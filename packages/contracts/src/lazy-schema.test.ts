import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelopeOf } from './envelope.ts';
import { lazySchema } from './lazy-schema.ts';

const eager = () =>
  z.object({
    id: z.number().int().positive(),
    name: z.string().min(2).max(8),
    tags: z.array(z.string()).optional(),
  });

describe('lazySchema (ADR 061)', () => {
  it('when the module defining it is imported, then nothing is built; on first use it is built once', () => {
    let builds = 0;
    const schema = lazySchema(() => {
      builds += 1;
      return eager();
    });
    expect(builds).toBe(0);
    schema.parse({ id: 1, name: 'ab' });
    schema.safeParse({ id: 'x' });
    expect(builds).toBe(1);
  });

  it('when it parses, then it accepts and refuses exactly as the schema itself, with the same issues', () => {
    const lazy = lazySchema(eager);
    const inputs = [
      { id: 1, name: 'ab' },
      { id: 0, name: 'a' },
      { id: 1.5, name: 'abcdefghi', tags: [1] },
      null,
      'x',
    ];
    for (const input of inputs) expect(lazy.safeParse(input)).toEqual(eager().safeParse(input));
  });

  it('when nested in other schemas (object, array, union, extend, envelope), then those parse as with the schema itself', () => {
    const kindA = lazySchema(() => z.object({ kind: z.literal('a'), a: z.string() }));
    const kindB = lazySchema(() => z.object({ kind: z.literal('b'), b: z.number() }));
    const either = lazySchema(() => z.discriminatedUnion('kind', [kindA, kindB]));
    const wrapper = lazySchema(() => z.object({ items: z.array(either), first: either.optional() }));
    const extended = lazySchema(() => kindA.extend({ extra: z.boolean() }));
    const envelope = lazySchema(() => envelopeOf(wrapper));

    expect(
      wrapper.parse({
        items: [
          { kind: 'a', a: 'x' },
          { kind: 'b', b: 2 },
        ],
      }),
    ).toEqual({
      items: [
        { kind: 'a', a: 'x' },
        { kind: 'b', b: 2 },
      ],
    });
    expect(wrapper.safeParse({ items: [{ kind: 'b', b: 'two' }] }).error?.issues[0]?.path).toEqual([
      'items',
      0,
      'b',
    ]);
    expect(either.safeParse({ kind: 'c' }).success).toBe(false);
    expect(extended.parse({ kind: 'a', a: 'x', extra: true })).toEqual({ kind: 'a', a: 'x', extra: true });
    expect(extended.safeParse({ kind: 'a', a: 'x' }).success).toBe(false);
    expect(envelope.parse({ success: true, value: null, message: '', code: '' }).value).toBeNull();
    expect(Object.keys(extended.shape)).toEqual(['kind', 'a', 'extra']);
  });

  it('when asked what it is, then it answers as the schema itself (instanceof, its keys, its type)', () => {
    const lazy = lazySchema(eager);
    expect(lazy).toBeInstanceOf(z.ZodObject);
    expect(lazy).toBeInstanceOf(z.ZodType);
    expect(Object.keys(lazy)).toEqual(Object.keys(eager()));
    expect('parse' in lazy).toBe(true);
    const typed: z.infer<typeof lazy> = { id: 1, name: 'ab' };
    expect(lazy.parse(typed)).toEqual(typed);
  });
});
