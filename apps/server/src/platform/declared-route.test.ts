import type { Call } from '@fortuna/contracts/call';
import { DECLARED_CALL_GROUPS } from '@fortuna/contracts/calls';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';

const declared: [string, Call][] = Object.entries(DECLARED_CALL_GROUPS).flatMap(([group, calls]) =>
  Object.entries(calls).map(([name, call]): [string, Call] => [`${group}.${name}`, call]),
);

/** OpenAPI writes a path's `:id` as `{id}`. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describeEachDatabase('declared calls (ADR 028)', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database());
  });
  afterAll(() => app.close());

  it.each(declared)(
    'when %s is declared, then the server answers it and the API page documents it',
    async (_, call) => {
      expect(app.hasRoute({ method: call.method, url: call.path })).toBe(true);
      const document = (await app.inject({ method: 'GET', url: '/docs/json' })).json();
      const operation = document.paths[openApiPath(call.path)]?.[call.method.toLowerCase()];
      expect(operation).toBeDefined();
      const parameters: { in: string; name: string }[] = operation.parameters ?? [];
      const named = (place: string) =>
        parameters
          .filter((p) => p.in === place)
          .map((p) => p.name)
          .sort();
      const keysOf = (schema: Call['query']) =>
        schema ? Object.keys((schema as unknown as { shape: object }).shape).sort() : [];
      expect(named('query')).toEqual(keysOf(call.query));
      expect(named('path')).toEqual(keysOf(call.params));
      expect(operation.requestBody !== undefined).toBe(call.body !== undefined);
    },
  );
});
