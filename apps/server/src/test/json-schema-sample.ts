import fc from 'fast-check';

/** The part of JSON Schema (OpenAPI 3 flavour, as our zod contracts produce it) the sweep reads. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
}

const FORMATS: Record<string, string> = {
  email: 'sweep.person@example.com',
  uuid: '3f8e1c52-4b1a-4c2e-9d6f-0a1b2c3d4e5f',
  'date-time': '2026-01-05T07:03:09.000Z',
  date: '2026-01-05',
  uri: 'https://example.com/a.png',
  url: 'https://example.com/a.png',
};

function fits(value: string, schema: JsonSchema): boolean {
  const length = [...value].length;
  return length >= (schema.minLength ?? 0) && length <= (schema.maxLength ?? 200);
}

/** A string the pattern accepts, of a fitting length; lookaheads are tried without, then checked. */
function patternSample(schema: JsonSchema, seed: number): string | undefined {
  const source = schema.pattern ?? '';
  const full = new RegExp(source, 'u');
  for (const candidate of [source, source.replace(/\(\?=[^)]*\)/g, '')]) {
    try {
      const samples = fc.sample(fc.stringMatching(new RegExp(candidate, 'u')), { numRuns: 40, seed });
      const found = samples.find((value) => full.test(value) && fits(value, schema));
      if (found !== undefined) return found;
    } catch {
      // An expression fast-check cannot generate from: try the next form, then give up.
    }
  }
  return undefined;
}

function stringSample(schema: JsonSchema, seed: number): string {
  if (schema.format && FORMATS[schema.format]) return FORMATS[schema.format] as string;
  if (schema.pattern) return patternSample(schema, seed) ?? 'a1';
  return 'sweep'.padEnd(schema.minLength ?? 1, 'x').slice(0, Math.max(schema.maxLength ?? 20, 1));
}

function numberSample(schema: JsonSchema): number {
  const low = typeof schema.minimum === 'number' ? schema.minimum : 1;
  return Math.min(Math.max(low, 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
}

/**
 * A value the schema most likely accepts, so that a request varied in one field reaches the
 * handler with every other field valid. Deterministic for a seed (no flaky sweep).
 */
export function sampleOf(schema: JsonSchema | undefined, seed = 1): unknown {
  if (!schema) return undefined;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum.find((value) => value !== null) ?? null;
  if (schema.default !== undefined) return schema.default;
  const option = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (option) return sampleOf(option, seed);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((part) => sampleOf(part, seed)));
  const type = Array.isArray(schema.type) ? schema.type.find((name) => name !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return stringSample(schema, seed);
    case 'integer':
    case 'number':
      return numberSample(schema);
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleOf(schema.items, seed));
    default:
      if (!schema.properties) return type === 'object' ? {} : undefined;
      return Object.fromEntries(
        Object.entries(schema.properties)
          .filter(([name]) => schema.required?.includes(name))
          .map(([name, field]) => [name, sampleOf(field, seed)]),
      );
  }
}
