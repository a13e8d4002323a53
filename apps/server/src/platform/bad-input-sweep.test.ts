import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { GATEWAY_TEST_SECRET, startGateway } from '../modules/deposit/deposit.test-helpers.ts';
import { testLedger } from '../modules/ledger/ledger.test-helpers.ts';
import { reconcile } from '../modules/ledger/reconciliation.ts';
import { buildTestApp } from '../test/app.ts';
import { BAD_BODIES, BAD_JSON_VALUES, BAD_STRINGS, encodeLoosely, propertiesOf } from '../test/bad-values.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { fromNewAddress } from '../test/identity-fixtures.ts';
import { type JsonSchema, sampleOf } from '../test/json-schema-sample.ts';
import { type Operation, operationsOf } from '../test/openapi-operations.ts';
import { type Caller, sweepCallers } from '../test/sweep-callers.ts';
import { TEST_PAYMENT_PASSWORD } from '../test/wallet-fixtures.ts';

/** One request of the sweep: the operation's URL parts and body, varied in one place. */
interface Probe {
  label: string;
  path: Record<string, string>;
  query: Record<string, string | string[]>;
  body?: { raw: string; contentType: string };
}

/**
 * Per field, the NUL and lone-surrogate values always, and `rotating` more of the rest, a different
 * share for each field: every kind of bad value is sent many times without the full cross-product.
 */
function sampled<T>(values: T[], field: number, rotating: number): T[] {
  const rest = values.slice(2);
  const picked = Array.from(
    { length: Math.min(rotating, rest.length) },
    (_, i) => rest[(field * rotating + i) % rest.length] as T,
  );
  return [...values.slice(0, 2), ...picked];
}

/** Answers that refuse a caller for who it is (or is not yet): its input goes no further. */
const REFUSED_FOR_WHO = new Set([
  'UNAUTHENTICATED',
  'SIGNATURE_INVALID',
  'SIGNATURE_EXPIRED',
  'TRIAL_NOT_ALLOWED',
  'OPERATOR_SETUP_REQUIRED',
]);
/** FORBIDDEN is a role refused, or a rule refusing this very request (a transfer to a stranger). */
const TURNED_AWAY = new Set([...REFUSED_FOR_WHO, 'FORBIDDEN']);

/** An event stream answers forever; a request still open after this long is one (see below). */
const OPEN_STREAM_MS = 500;
const ANSWER_MS = 30_000;
const isEventStream = (operation: { summary: string }) => /text\/event-stream/.test(operation.summary);

function urlOf(operation: Operation, probe: Probe): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeLoosely(probe.path[name] ?? ''),
  );
  const query = Object.entries(probe.query).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((item) => `${name}=${encodeLoosely(item)}`),
  );
  return query.length > 0 ? `${path}?${query.join('&')}` : path;
}

/**
 * Bad input, sent to every operation of the OpenAPI document as every kind of caller (issue 13):
 * NUL, lone surrogates, ids past 2^63−1, 1 MB strings, wrong types and malformed bodies, in each
 * path and query parameter and each body field, one at a time with every other field valid, so
 * the handlers behind authentication are reached too. Nothing may answer 5xx, and the ledger must
 * reconcile afterwards. The operations come from the document, so a new route is swept as soon
 * as it exists.
 */
describeEachDatabase('bad input sweep over the OpenAPI document', (database) => {
  let app: FastifyInstance;
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  let kit: Awaited<ReturnType<typeof sweepCallers>>;
  let callers: Caller[];
  beforeAll(async () => {
    gateway = await startGateway();
    app = await buildTestApp(database(), {
      TRUSTED_PROXIES: '127.0.0.1,::1',
      PAYMENT_GATEWAY_URL: gateway.url,
      PAYMENT_GATEWAY_SECRET: GATEWAY_TEST_SECRET,
    });
    await app.ready();
    const ledger = testLedger(database().db);
    kit = await sweepCallers(app, database().db, ledger, GATEWAY_TEST_SECRET);
    callers = kit.callers;
  });
  afterAll(async () => {
    await app?.close();
    await gateway?.app.close();
  });

  /** Values that let a request past the checks that are not about its shape. */
  const known = (name: string): string | undefined =>
    ({ vendorCode: kit.vendorCode, code: kit.vendorCode, paymentPassword: TEST_PAYMENT_PASSWORD })[name];

  function baseline(operation: Operation): Probe {
    const path: Record<string, string> = {};
    const query: Record<string, string> = {};
    for (const param of operation.params) {
      const value = known(param.name) ?? String(sampleOf(param.schema));
      if (param.in === 'path') path[param.name] = value;
      else if (param.required) query[param.name] = value;
    }
    const sample = sampleOf(operation.body) as Record<string, unknown> | undefined;
    if (sample && typeof sample === 'object')
      for (const name of Object.keys(propertiesOf(operation.body)))
        if (known(name) && name in sample) sample[name] = known(name);
    const body = operation.body
      ? { raw: JSON.stringify(sample ?? {}), contentType: 'application/json' }
      : undefined;
    return { label: 'valid-looking', path, query, body };
  }

  function fieldVariants(operation: Operation, base: Probe): Probe[] {
    const probes: Probe[] = [];
    let field = 0;
    for (const param of operation.params) {
      field += 1;
      const values: [string, string | string[]][] = [...BAD_STRINGS, ['repeated', ['1', '2']]];
      for (const [label, value] of sampled(values, field, 3)) {
        const probe = { ...base, path: { ...base.path }, query: { ...base.query } };
        if (param.in === 'path') probe.path[param.name] = Array.isArray(value) ? value.join(',') : value;
        else probe.query[param.name] = value;
        probes.push({ ...probe, label: `${param.in}.${param.name} ${label}` });
      }
    }
    if (!operation.body || !base.body) return probes;
    const sample = JSON.parse(base.body.raw) as Record<string, unknown>;
    const withField = (label: string, body: unknown) =>
      probes.push({ ...base, label, body: { raw: JSON.stringify(body), contentType: 'application/json' } });
    for (const [name, schema] of Object.entries(propertiesOf(operation.body))) {
      field += 1;
      for (const [label, value] of sampled(BAD_JSON_VALUES, field, 4))
        withField(`body.${name} ${label}`, { ...sample, [name]: value });
      // One level deeper: inside a list or an object field, where a guard is easiest to forget.
      const inner = fieldInside(schema);
      if (inner)
        for (const [label, value] of sampled(BAD_JSON_VALUES, field, 1))
          withField(`body.${name}${inner.label} ${label}`, { ...sample, [name]: inner.wrap(value) });
    }
    for (const [label, contentType, raw] of BAD_BODIES)
      probes.push({ ...base, label, body: { raw, contentType } });
    return probes;
  }

  function fieldInside(field: JsonSchema): { label: string; wrap: (value: unknown) => unknown } | undefined {
    if (field.type === 'array') return { label: '[0]', wrap: (value) => [value] };
    const properties = propertiesOf(field);
    const [first] = Object.keys(properties);
    if (!first) return undefined;
    const sample = (sampleOf(field) ?? {}) as Record<string, unknown>;
    return { label: `.${first}`, wrap: (value) => ({ ...sample, [first]: value }) };
  }

  async function send(operation: Operation, probe: Probe, caller: Caller) {
    const raw = probe.body?.raw ?? '';
    const headers = { ...fromNewAddress(), ...caller.headers(raw) };
    if (probe.body) headers['content-type'] = probe.body.contentType;
    try {
      const answer = await app.inject({
        method: operation.method as 'GET',
        url: urlOf(operation, probe),
        headers,
        ...(probe.body ? { payload: raw } : {}),
        // An event stream never ends, so it is let go after a moment; any other call gets its
        // answer, however slow the machine (a 500 ms cut failed a report call on a busy one).
        signal: AbortSignal.timeout(isEventStream(operation) ? OPEN_STREAM_MS : ANSWER_MS),
      });
      const code = answer.body.startsWith('{') ? (answer.json() as { code?: string }).code : undefined;
      return { status: answer.statusCode, code, body: answer.body.slice(0, 200) };
    } catch (error) {
      // Only a route the document calls an event stream may still be answering.
      if (isEventStream(operation)) return { status: 200, code: 'OK', body: 'stream' };
      throw new Error(`${operation.method} ${operation.path} as ${caller.name} (${probe.label}): ${error}`);
    }
  }

  /** The share of the variants the other callers let in send: a NUL in one field, a malformed body. */
  const light = (probes: Probe[]) => [
    ...probes.filter((probe) => / NUL$/.test(probe.label)).slice(0, 1),
    ...probes.filter((probe) => probe.label === 'malformed JSON'),
  ];

  it('when every operation is sent bad input by every kind of caller, then none answers 5xx', async () => {
    const operations = operationsOf(app.swagger() as Parameters<typeof operationsOf>[0]).filter(
      (operation) => !operation.path.startsWith('/docs'),
    );
    expect(operations.length).toBeGreaterThan(100);
    const failures: string[] = [];
    const timings: [number, string][] = [];
    const unreached: string[] = [];
    let sent = 0;
    for (const operation of operations) {
      const started = performance.now();
      const base = baseline(operation);
      const variants = fieldVariants(operation, base);
      const name = `${operation.method} ${operation.path}`;
      const check = async (caller: Caller, probe: Probe) => {
        const answer = await send(operation, probe, caller);
        sent += 1;
        if (answer.status >= 500)
          failures.push(`${name} as ${caller.name} (${probe.label}): ${answer.status} ${answer.body}`);
        return answer.code;
      };
      const answers = new Map<Caller, string | undefined>();
      for (const caller of callers) {
        // An earlier call (a logout, a password change) may have ended this caller's session.
        await caller.keepSession();
        answers.set(caller, await check(caller, base));
      }
      // Callers let in; when every one is refused, those refused by the rules rather than for who
      // they are (a transfer to a stranger is FORBIDDEN to any member) still reach the handler.
      const letIn = callers.filter((caller) => !TURNED_AWAY.has(answers.get(caller) ?? ''));
      const reaching =
        letIn.length > 0
          ? letIn
          : callers.filter((caller) => !REFUSED_FOR_WHO.has(answers.get(caller) ?? ''));
      if (reaching.length === 0) unreached.push(name);
      // The first caller let in meets every variant; the others a share, to keep the sweep short.
      for (const [index, caller] of reaching.entries())
        for (const probe of index === 0 ? variants : light(variants)) await check(caller, probe);
      timings.push([performance.now() - started, name]);
    }
    const slowest = timings.sort((a, b) => b[0] - a[0]).slice(0, 5);
    console.info(`bad input sweep: ${operations.length} operations, ${sent} requests; slowest`, slowest);
    expect(failures).toEqual([]);
    // A route no caller gets into would have its handler unswept: each is reached by someone.
    expect(unreached).toEqual([]);
  }, 600_000);

  it('when the sweep is over, then the ledger still reconciles', async () => {
    expect(await reconcile(database().db)).toEqual({ ok: true, problems: [] });
  });
});
