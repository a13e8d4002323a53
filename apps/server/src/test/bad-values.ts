import type { JsonSchema } from './json-schema-sample.ts';

/** 2^63: one past the largest bigint, as digits and as a JSON number. */
export const PAST_BIGINT = '9223372036854775808';
/** A string of about a megabyte that still fits, with its JSON, under the 1 MiB body limit. */
const MEGABYTE = 'x'.repeat(1_000_000);

/** What a hostile or broken client puts in a field, each with a label for the findings. */
export const BAD_STRINGS: [string, string][] = [
  ['NUL', 'a\u0000b'],
  ['lone surrogate', '\ud800'],
  ['id past 2^63-1', PAST_BIGINT],
  ['1 MB string', MEGABYTE],
  ['empty', ''],
  ['negative', '-1'],
  ['not a number', 'abc'],
];

export const BAD_JSON_VALUES: [string, unknown][] = [
  ...BAD_STRINGS,
  ['number 2^63', 2 ** 63],
  ['number -1', -1],
  ['number 1.5', 1.5],
  ['true', true],
  ['null', null],
  ['object', { a: 'a\u0000b' }],
  ['array', ['a\u0000b', PAST_BIGINT]],
];

/** Whole bodies that are not the JSON the route wants, with the content type they claim. */
export const BAD_BODIES: [string, string, string][] = [
  ['malformed JSON', 'application/json', '{"a":'],
  ['JSON array', 'application/json', '[1,2]'],
  ['JSON null', 'application/json', 'null'],
  ['JSON string', 'application/json', '"\\u0000"'],
  ['empty JSON', 'application/json', ''],
  ['NUL escape', 'application/json', '{"\\u0000":"\\ud800"}'],
  [
    'form with NUL',
    'application/x-www-form-urlencoded',
    'username=a%00b&email=%ED%A0%80&id=9223372036854775808',
  ],
  ['plain text', 'text/plain', 'hello'],
];

/**
 * URL-encodes what encodeURIComponent refuses too: a lone surrogate becomes the bytes a broken
 * client would send for it (%ED%A0%80), so the server's decoding is what is tested.
 */
export function encodeLoosely(value: string): string {
  let encoded = '';
  for (const char of value) encoded += /\p{Cs}/u.test(char) ? '%ED%A0%80' : encodeURIComponent(char);
  return encoded;
}

/** The fields of a body schema a variant can replace: its own, those of its parts and first option. */
export function propertiesOf(schema: JsonSchema | undefined): Record<string, JsonSchema> {
  if (!schema) return {};
  return Object.assign(
    {},
    ...(schema.allOf ?? []).map(propertiesOf),
    propertiesOf(schema.anyOf?.[0] ?? schema.oneOf?.[0]),
    schema.properties ?? {},
  );
}
