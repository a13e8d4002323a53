import { AgentRegisterCalls } from './agent.ts';
import { BetRecordCalls } from './bet-records.ts';
import type { Call } from './call.ts';

/**
 * Every declared call, by group (ADR 028). The server's test checks that each is a route with
 * this method and path, and on the OpenAPI page; a new group is added here.
 */
export const DECLARED_CALL_GROUPS: Record<string, Record<string, Call>> = {
  BetRecordCalls,
  AgentRegisterCalls,
};
