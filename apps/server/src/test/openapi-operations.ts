import type { JsonSchema } from './json-schema-sample.ts';

/** One operation of the OpenAPI document, with what a caller may send it. */
export interface Operation {
  method: string;
  /** As the document writes it: /wps/messages/{id}. */
  path: string;
  summary: string;
  params: { in: 'path' | 'query'; name: string; required: boolean; schema: JsonSchema }[];
  /** The JSON body's schema: the declared request body, or the one a signed route documents. */
  body?: JsonSchema;
}

interface OpenApiOperation {
  summary?: string;
  description?: string;
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/**
 * Signed server-to-server routes read their raw body themselves (the signature first), so their
 * body is documented in the description as `Body: <JSON Schema>` rather than declared.
 */
function documentedBody(description: string | undefined): JsonSchema | undefined {
  const match = description?.match(/Body: (\{.*\})\s*$/s);
  return match?.[1] ? (JSON.parse(match[1]) as JsonSchema) : undefined;
}

/** Every operation of the document, in its order. */
export function operationsOf(document: { paths?: Record<string, Record<string, OpenApiOperation>> }) {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths ?? {}))
    for (const [method, operation] of Object.entries(methods)) {
      const params = (operation.parameters ?? [])
        .filter((param) => param.in === 'path' || param.in === 'query')
        .map((param) => ({
          in: param.in as 'path' | 'query',
          name: param.name,
          required: param.required ?? false,
          schema: param.schema ?? {},
        }));
      const body =
        operation.requestBody?.content?.['application/json']?.schema ?? documentedBody(operation.description);
      operations.push({ method: method.toUpperCase(), path, summary: operation.summary ?? '', params, body });
    }
  return operations;
}
