import { OpsPaths, type RegionRules } from '@fortuna/contracts/ops';
import type { APIRequestContext } from '@playwright/test';
import { opsToken } from '../playwright.config.ts';

const headers = { authorization: `Bearer ${opsToken}` };

export const openRegion: RegionRules = {
  allowedCountries: [],
  blockedCountries: [],
  allowedCidrs: [],
  blockedCidrs: [],
};

async function expectOk(answer: Awaited<ReturnType<APIRequestContext['put']>>): Promise<void> {
  if (!answer.ok()) throw new Error(`ops call failed: ${answer.status()} ${await answer.text()}`);
}

/** Switches site-wide maintenance through the operator API, as an operator would. */
export async function setMaintenance(request: APIRequestContext, enabled: boolean): Promise<void> {
  await expectOk(await request.put(OpsPaths.maintenance, { headers, data: { enabled } }));
}

export async function setRegionRules(request: APIRequestContext, rules: RegionRules): Promise<void> {
  await expectOk(await request.put(OpsPaths.regionRules, { headers, data: rules }));
}

/** Switches a whitelabel module (a feature flag of spec 6) on or off, as an operator would. */
export async function setFlag(request: APIRequestContext, modId: string, enabled: boolean): Promise<void> {
  await expectOk(await request.put(OpsPaths.module.replace(':modId', modId), { headers, data: { enabled } }));
}
