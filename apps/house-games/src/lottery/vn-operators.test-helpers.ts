import { type lotteryNode, RESULT_OPERATORS } from './slips.test-helpers.ts';

// The regional results' operator calls as the tests make them (ADR 054, 063).

export type Node = Awaited<ReturnType<typeof lotteryNode>>;
export const [ANNA, BINH] = RESULT_OPERATORS;

/** 17:00 in Vietnam on that day of January 2030: north closes at 11:00 UTC and is drawn at 11:15. */
export const seventeenHours = (day: number) =>
  Date.parse(`2030-01-${String(day).padStart(2, '0')}T10:00:00Z`);
export const afterDraw = (day: number) => seventeenHours(day) + 80 * 60_000;
export const northDraw = (day: number) => `vn-north-203001${String(day).padStart(2, '0')}`;

export async function operatorCall(
  node: Node,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  authorization: string | undefined,
  payload?: unknown,
) {
  const response = await node.house.app.inject({
    method,
    url,
    headers: authorization === undefined ? {} : { authorization },
    ...(payload === undefined
      ? {}
      : typeof payload === 'string'
        ? { payload, headers: { authorization: authorization ?? '', 'content-type': 'application/json' } }
        : { payload: payload as object }),
  });
  return { status: response.statusCode, body: response.json() };
}

export const as = (operator: { token: string }) => `Bearer ${operator.token}`;
export const enter = (node: Node, drawCode: string, prizes: unknown, operator: { token: string } = ANNA) =>
  operatorCall(node, 'POST', `/lottery/operator/vn/draws/${drawCode}/results`, as(operator), { prizes });
export const confirm = (node: Node, entryId: number | string, operator: { token: string }) =>
  operatorCall(node, 'POST', `/lottery/operator/vn/entries/${entryId}/confirm`, as(operator));
export const reject = (node: Node, entryId: number | string, operator: { token: string }, note: unknown) =>
  operatorCall(node, 'POST', `/lottery/operator/vn/entries/${entryId}/reject`, as(operator), { note });
/** An operator's corrected result for a regional draw already settled, with the reason. */
export const enterCorrection = (
  node: Node,
  drawCode: string,
  body: unknown,
  operator: { token: string } = ANNA,
) => operatorCall(node, 'POST', `/lottery/operator/vn/draws/${drawCode}/corrections`, as(operator), body);
export const entryCount = async (node: Node, drawCode: string) =>
  (await operatorCall(node, 'GET', `/lottery/operator/vn/draws/${drawCode}/entries`, as(ANNA))).body.value
    .entries.length;
