import type { z } from 'zod';

/**
 * One API call declared once (ADR 028): the server registers its route from this declaration and
 * the lobby's client is typed by it, so the two cannot drift, and the OpenAPI page follows.
 */
export type CallMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** How the body goes on the wire: JSON (the default), a urlencoded form, or multipart (files). */
export type BodyEncoding = 'json' | 'form' | 'multipart';

/** Every answer is the envelope (envelope.ts); the client resolves to its value. */
type EnvelopeSchema = z.ZodType<{ success: boolean; value: unknown; message: string; code: string }>;

export interface Call {
  method: CallMethod;
  path: string;
  /** The `:name` segments of the path. */
  params?: z.ZodType | undefined;
  query?: z.ZodType | undefined;
  /** Absent for multipart: the server streams the parts and checks each itself. */
  body?: z.ZodType | undefined;
  encoding?: BodyEncoding | undefined;
  response: EnvelopeSchema;
  /** The HTTP status of a success: 200 unless the call creates something and says so with 201. */
  status?: 201 | undefined;
  /** Spec 7.1's encrypted calls: the body is sealed for the server's public key (ADR 006). */
  sealed?: boolean | undefined;
}

/** `/a/:id/b/:kind` → 'id' | 'kind'. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A path with `:name` segments needs a params schema naming exactly those; a path without, none. */
type ParamsMatchPath<C extends Call> = [PathParamNames<C['path']>] extends [never]
  ? { params?: undefined }
  : { params: z.ZodType<Record<PathParamNames<C['path']>, unknown>> };

/** Declares a call; a `:name` in the path without its params schema is a type error. */
export function defineCall<const C extends Call>(call: C & ParamsMatchPath<C>): C {
  return call;
}

/**
 * What the caller writes for a schema: its input, except that a coerced field (a number in the
 * query string, a game's node id, whose input zod types as `unknown`) takes the type it is
 * coerced to. Each member of a union of objects is mapped alone.
 */
type CallerInput<S extends z.ZodType> = CallerFields<z.input<S>, z.output<S>>;
type CallerFields<I, O> = I extends object
  ? { [K in keyof I]: unknown extends I[K] ? (K extends keyof O ? O[K] : never) : I[K] }
  : I;

export type CallParams<C extends Call> = C['params'] extends z.ZodType ? CallerInput<C['params']> : never;
export type CallQuery<C extends Call> = C['query'] extends z.ZodType ? CallerInput<C['query']> : never;
export type CallBody<C extends Call> = C['encoding'] extends 'multipart'
  ? FormData
  : C['body'] extends z.ZodType
    ? CallerInput<C['body']>
    : never;
export type CallAnswer<C extends Call> = NonNullable<z.output<C['response']>['value']>;

/** The parts of a call the caller gives: only those the declaration has, each required as its schema says. */
export type CallInput<C extends Call> = (C['params'] extends z.ZodType
  ? { params: CallParams<C> }
  : unknown) &
  (C['query'] extends z.ZodType
    ? Record<never, never> extends CallQuery<C>
      ? { query?: CallQuery<C> }
      : { query: CallQuery<C> }
    : unknown) &
  (C['body'] extends z.ZodType
    ? { body: CallBody<C> }
    : C['encoding'] extends 'multipart'
      ? { body: FormData }
      : unknown);

/** The path with its `:name` segments filled in, each encoded. */
export function pathOf(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The query string of a call: an absent (undefined) filter is not sent. */
export function queryStringOf(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const pairs = Object.entries(query).flatMap(([name, value]) =>
    value === undefined || value === null ? [] : [[name, String(value)]],
  );
  return pairs.length ? `?${new URLSearchParams(pairs)}` : '';
}
