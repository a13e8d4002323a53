import { BetRecordCalls } from '@fortuna/contracts/bet-records';
import { defineCall } from '@fortuna/contracts/call';
import { envelopeOf } from '@fortuna/contracts/envelope';
import { GameCalls, MemberGameCalls } from '@fortuna/contracts/games';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { callApi } from './client.ts';

const GreetingResponseSchema = envelopeOf(z.object({ greeting: z.string() }));
const GREETING = { greeting: 'hi' };
const NO_ROUNDS = {
  items: [],
  page: 2,
  pageSize: 20,
  total: 0,
  totals: { rounds: 0, stakeMinor: '0', validBetMinor: '0', payoutMinor: '0', profitMinor: '0' },
};

const GreetCall = defineCall({
  method: 'PUT',
  path: '/wps/people/:personId/greeting',
  params: z.object({ personId: z.coerce.number() }),
  query: z.object({ loud: z.enum(['yes', 'no']).optional() }),
  body: z.object({ words: z.string() }),
  response: GreetingResponseSchema,
});

function answerOk(value: unknown) {
  const body = { success: true, value, message: '', code: 'OK' };
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/**
 * Wrong uses of declared calls: each line is a type error (`npm run typecheck` fails if one is not).
 * They are never run.
 */
const OtherParams = z.object({ other: z.string() });
const Greeting = GreetingResponseSchema;
export const refusedByTheCompiler = [
  // @ts-expect-error a declaration needs the params schema of its `:name` segments
  () => defineCall({ method: 'GET', path: '/wps/things/:id', response: GreetingResponseSchema }),
  // @ts-expect-error params must name the path's segments
  () => defineCall({ method: 'GET', path: '/wps/x/:id', params: OtherParams, response: Greeting }),
  // @ts-expect-error a call with a body needs it
  () => callApi(GreetCall, { params: { personId: 1 } }),
  // @ts-expect-error a body of the wrong shape
  () => callApi(GreetCall, { params: { personId: 1 }, body: { word: 'hi' } }),
  // @ts-expect-error a query value outside the contract
  () => callApi(GreetCall, { params: { personId: 1 }, query: { loud: 'very' }, body: { words: 'hi' } }),
  // @ts-expect-error a query filter the contract does not have
  () => callApi(BetRecordCalls.profit, { query: { from: '2026-01-01', colour: 'red' } }),
  // @ts-expect-error a category that is not one of the contract's
  () => callApi(BetRecordCalls.records, { query: { category: 'CARDS' } }),
  // @ts-expect-error a page is a number
  () => callApi(BetRecordCalls.records, { query: { page: 'two' } }),
  // @ts-expect-error a GET call takes no body
  () => callApi(BetRecordCalls.profit, { body: {} }),
  // @ts-expect-error a path is not a declaration
  () => callApi('/wps/bets/profit'),
  // @ts-expect-error a game list sort the contract does not have
  () => callApi(GameCalls.list, { query: { sort: 'RANDOM' } }),
  // @ts-expect-error a launch names its game by node id, a number
  () => callApi(MemberGameCalls.launch, { body: { nodeId: 'x', language: 'EN' } }),
  // @ts-expect-error removing a favourite names the game in the query, not a body
  () => callApi(MemberGameCalls.removeFavourite, { body: { nodeId: 1, vendor: 'PG', gameType: 'RNG' } }),
];

describe('calls declared in contracts', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('when a declared call is made, then its method, filled path, query and JSON body are sent', async () => {
    const fetchMock = answerOk(GREETING);
    const value = await callApi(GreetCall, {
      params: { personId: 7 },
      query: { loud: 'yes' },
      body: { words: 'hello' },
    });
    expect(value.greeting).toBe('hi');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/wps/people/7/greeting?loud=yes');
    expect(init.method).toBe('PUT');
    expect(init.body).toBe('{"words":"hello"}');
  });

  it('when a filter is absent, then it is not sent, and a path segment is encoded', async () => {
    const fetchMock = answerOk(NO_ROUNDS);
    await callApi(BetRecordCalls.records, { query: { from: '2026-01-01', vendor: undefined, page: 2 } });
    const [url] = fetchMock.mock.calls[0] as unknown as [string];
    expect(url).toBe('/wps/bets/records?from=2026-01-01&page=2');
    const OddCall = defineCall({
      method: 'GET',
      path: '/wps/odd/:name',
      params: z.object({ name: z.string() }),
      response: GreetingResponseSchema,
    });
    const oddMock = answerOk(GREETING);
    await callApi(OddCall, { params: { name: 'a/b?c' } });
    expect((oddMock.mock.calls[0] as unknown as [string])[0]).toBe('/wps/odd/a%2Fb%3Fc');
  });

  it('when a game list is asked for with flags, then they are sent as true or false', async () => {
    const fetchMock = answerOk({ content: [], pageNum: 1, pageSize: 20, totalElements: 0, totalPages: 0 });
    await callApi(GameCalls.list, { query: { gameType: 'FISH', launchable: true, minBetOne: false } });
    const [url] = fetchMock.mock.calls[0] as unknown as [string];
    expect(url).toBe('/wps/relay/GCSGAME_gameList?gameType=FISH&launchable=true&minBetOne=false');
  });

  it('the wrong uses above stay uncalled', () => {
    expect(refusedByTheCompiler).toHaveLength(13);
  });
});
