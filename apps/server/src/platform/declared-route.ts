import type { Call } from '@fortuna/contracts/call';
import { failures } from './reply.ts';

/** What a route adds to its call's declaration: how /docs files and describes it, and its failures. */
export interface RouteDocs<S extends number> {
  tags: string[];
  summary: string;
  description?: string;
  /** The HTTP statuses it may fail with, each documented as the failure envelope. */
  failures: readonly S[];
}

type Present<K extends string, V> = V extends undefined ? { [P in K]?: undefined } : { [P in K]: V };

/**
 * The method, URL and schemas of a route, taken from its call's declaration (ADR 028), to spread
 * into `app.route({ ...routeOf(call, docs), onRequest, handler })`: the server validates exactly
 * what the lobby's typed client sends, and the OpenAPI page shows the same schemas.
 */
export function routeOf<const C extends Call, const S extends number>(call: C, docs: RouteDocs<S>) {
  const schema = {
    tags: docs.tags,
    summary: docs.summary,
    ...(docs.description ? { description: docs.description } : {}),
    ...(call.params ? { params: call.params } : {}),
    ...(call.query ? { querystring: call.query } : {}),
    ...(call.body ? { body: call.body } : {}),
    response: { [call.status ?? 200]: call.response, ...failures(...docs.failures) },
  } as {
    tags: string[];
    summary: string;
    description?: string;
    response: Record<C['status'] extends 201 ? 201 : 200, C['response']> & ReturnType<typeof failures<S>>;
  } & Present<'params', C['params']> &
    Present<'querystring', C['query']> &
    Present<'body', C['body']>;
  return {
    method: call.method,
    url: call.path,
    // The sealed-body plugin opens such a body before validation (platform/sealed-body).
    ...(call.sealed ? { config: { sealedBody: true } } : {}),
    schema,
  };
}
