import { AgentPaths } from '@fortuna/contracts/agent';
import { GamePaths, HOUSE_VENDOR_CODE } from '@fortuna/contracts/games';
import {
  VENDOR_SIGNATURE_HEADER,
  VENDOR_TIMESTAMP_HEADER,
  type VendorCall,
  vendorCallPath,
} from '@fortuna/contracts/vendor-protocol';
import { signedJsonHeaders } from '@fortuna/signing/timestamped-hmac';
import { type APIRequestContext, expect } from '@playwright/test';
import { houseVendorSecret } from '../playwright.config.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The code an agent's invitation link carries: a member registering with it joins the agent's line. */
export async function affiliateCodeOf(request: APIRequestContext, agentToken: string): Promise<string> {
  const answer = await request.get(AgentPaths.invitation, { headers: bearer(agentToken) });
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()).value.affiliateCode as string;
}

/**
 * The member launches a house slot through the platform (as the lobby's Play does) and answers the
 * player id the platform gave the house vendor for it: the id the vendor's wallet calls name.
 */
async function launchHouseSlot(request: APIRequestContext, token: string, name: string): Promise<string> {
  const listed = await request.get(GamePaths.gameList, { params: { search: name, language: 'EN' } });
  expect(listed.ok(), await listed.text()).toBe(true);
  const games = (await listed.json()).value.content as { nodeId: string; vassalage: string }[];
  const game = games.find((item) => item.vassalage === HOUSE_VENDOR_CODE);
  expect(game, `no house game named ${name}`).toBeDefined();
  const launched = await request.post(GamePaths.launch, {
    headers: bearer(token),
    data: { nodeId: game?.nodeId, language: 'EN' },
  });
  expect(launched.ok(), await launched.text()).toBe(true);
  const player = new URL((await launched.json()).value.url as string).searchParams.get('player');
  expect(player, 'the launch link names no player').toBeTruthy();
  return player as string;
}

/** One call of the house vendor to the platform's seamless wallet, signed with its secret. */
async function vendorCall(request: APIRequestContext, call: VendorCall, body: object): Promise<void> {
  const raw = JSON.stringify(body);
  const headers = signedJsonHeaders(
    { timestamp: VENDOR_TIMESTAMP_HEADER, signature: VENDOR_SIGNATURE_HEADER },
    houseVendorSecret,
    raw,
  );
  const answer = await request.post(vendorCallPath(HOUSE_VENDOR_CODE, call), { headers, data: raw });
  expect(answer.ok(), `${call}: ${answer.status()} ${await answer.text()}`).toBe(true);
}

/**
 * A settled round of a house slot, as the house games server plays it against the platform: the
 * member launches the game, then the vendor debits the stake and credits the win (0 for a lost
 * round) through the signed vendor protocol. The platform counts it as any round: bet record,
 * ledger, team rollups. The slot's own page only offers stakes up to 50.00; a team figure of
 * thousands is reached here in a few rounds instead of hundreds of spins.
 */
export async function playHouseRound(
  request: APIRequestContext,
  token: string,
  { stakeMinor, winMinor }: { stakeMinor: string; winMinor: string },
): Promise<void> {
  const playerId = await launchHouseSlot(request, token, 'Neon Fruits');
  const id = crypto.randomUUID();
  const round = { playerId, roundId: `story-${id}`, gameCode: 'neon-fruits' };
  await vendorCall(request, 'debit', { ...round, transactionId: `d-${id}`, amountMinor: stakeMinor });
  await vendorCall(request, 'credit', { ...round, transactionId: `c-${id}`, amountMinor: winMinor });
}
