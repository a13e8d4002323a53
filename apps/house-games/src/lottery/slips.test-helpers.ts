import { buildHouseGamesApp } from '../app.ts';
import {
  createFakePlatform,
  type FakePlatform,
  signedLaunchQuery,
} from '../platform/fake-platform.test-helpers.ts';
import { onFakePlatform, PLAYER } from '../play/play.test-helpers.ts';
import type { Queryable } from './draw-store.ts';

export const OTHER_PLAYER = 'Other-player-0123456789';
export const OPERATOR_SECRET = 'lottery-operator-test-secret-0123456789';
/** Two result operators (ADR 054), each with their own token. */
export const RESULT_OPERATORS = [
  { name: 'ops.anna', token: 'result-operator-anna-token-0123456789' },
  { name: 'ops.binh', token: 'result-operator-binh-token-0123456789' },
] as const;

/**
 * A house games node with the lottery on `db` and a clock the test moves (the lottery's only:
 * launches and signatures use the real clock, which the fake platform checks), on a fake platform.
 */
export async function lotteryNode(
  db: Queryable,
  options: {
    clock: { at: number };
    platform?: FakePlatform;
    exposureCapMinor?: number;
    /** LOTTERY_MOVABLE_CLOCK=on (ADR 071). */
    movableRegionalClock?: boolean;
  },
) {
  const platform =
    options.platform ??
    createFakePlatform({ balances: { [PLAYER]: 1_000_000n, [OTHER_PLAYER]: 1_000_000n } });
  const house = await buildHouseGamesApp({
    ...onFakePlatform(platform),
    crashTicks: false,
    lottery: {
      db,
      ticks: false,
      now: () => options.clock.at,
      operatorSecret: OPERATOR_SECRET,
      resultOperators: RESULT_OPERATORS,
      ...(options.exposureCapMinor ? { exposureCapMinor: options.exposureCapMinor } : {}),
      ...(options.movableRegionalClock ? { movableRegionalClock: true } : {}),
    },
  });
  const runner = house.lottery;
  if (!runner) throw new Error('the lottery did not start');
  const launch = async (
    game = 'keno-1m',
    player: string | null = PLAYER,
    extra: Record<string, string> = {},
  ) => {
    const params: Record<string, string> = player
      ? { game, ...extra, demo: '0', player }
      : { game, ...extra, demo: '1' };
    const response = await house.app.inject({ method: 'GET', url: `/play?${signedLaunchQuery(params)}` });
    if (response.statusCode !== 303)
      throw new Error(`launch refused: ${response.statusCode} ${response.body}`);
    return String(response.headers.location).split('/').pop() as string;
  };
  const post = async (url: string, payload?: unknown) => {
    const response = await house.app.inject({
      method: 'POST',
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: response.statusCode, body: response.json() };
  };
  return {
    platform,
    house,
    runner,
    launch,
    place: (sessionId: string, slip: unknown) => post(`/lottery/sessions/${sessionId}/slips`, slip),
    cancel: (sessionId: string, slipId: string) =>
      post(`/lottery/sessions/${sessionId}/slips/${slipId}/cancel`),
    /** An operator's correction of a draw's result, with the operator token unless told otherwise. */
    correct: async (drawCode: string, body: unknown, authorization = `Bearer ${OPERATOR_SECRET}`) => {
      const response = await house.app.inject({
        method: 'POST',
        url: `/lottery/operator/draws/${drawCode}/correction`,
        headers: { authorization },
        payload: body as object,
      });
      return { status: response.statusCode, body: response.json() };
    },
    /** An operator's void of a draw (ADR 076), with the operator token unless told otherwise. */
    voidDraw: async (drawCode: string, body: unknown, authorization = `Bearer ${OPERATOR_SECRET}`) => {
      const response = await house.app.inject({
        method: 'POST',
        url: `/lottery/operator/draws/${drawCode}/void`,
        headers: { authorization, 'content-type': 'application/json' },
        payload: typeof body === 'string' ? body : JSON.stringify(body),
      });
      return { status: response.statusCode, body: response.json() };
    },
    close: () => house.app.close(),
  };
}

/** How many slips and tickets the lottery holds, to show a refused call wrote nothing. */
export async function slipCounts(db: Queryable) {
  const { rows } = await db.query<{ slips: string; tickets: string; exposure: string | null }>(
    `select (select count(*) from lottery_slips)::text as slips, (select count(*) from lottery_tickets)::text as tickets,
            (select coalesce(sum(exposure_minor), 0) from lottery_exposure)::text as exposure`,
  );
  return rows[0];
}

/** A north result: 45 ends five prizes, the special prize (ĐB) among them; 13 ends none. */
export const NORTH_PRIZES = {
  DB: ['12345'],
  G1: ['67801'],
  G2: ['11122', '33345'],
  G3: ['00007', '12399', '55512', '98707', '45600', '31245'],
  G4: ['1234', '5607', '8899', '1010'],
  G5: ['2222', '3331', '4450', '6677', '7701', '9945'],
  G6: ['123', '456', '789'],
  G7: ['07', '45', '68', '90'],
};
