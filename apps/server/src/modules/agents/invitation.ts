import type { Invitation } from '@fortuna/contracts/agent';
import type { DomainRoute } from '@fortuna/contracts/system';
import type { DownlineAccounts } from '../identity/downline-accounts.ts';

/** The web route a registration link opens; the lobby reads `referralCode` from its query. */
const REGISTER_PATH = '/register';

/**
 * The agent's invitation (issue 15 register centre): its affiliate code and a registration link
 * per domain route of the site (spec 7.1 domainRoute), or on the site's own address when it has
 * none. A player registering through a link joins the agent's line (registration's referral code).
 */
export function createInvitations(deps: {
  accounts: DownlineAccounts;
  domainRoutes: () => DomainRoute[];
  publicUrl: string;
}) {
  return async (agentId: bigint): Promise<Invitation> => {
    const affiliateCode = await deps.accounts.affiliateCodeOf(agentId);
    const query = `?referralCode=${encodeURIComponent(affiliateCode)}`;
    const domains = [...new Set(deps.domainRoutes().map((route) => route.domain))];
    const links =
      domains.length > 0
        ? domains.map((domain) => ({ domain, registerUrl: `https://${domain}${REGISTER_PATH}${query}` }))
        : [
            {
              domain: new URL(deps.publicUrl).host,
              registerUrl: new URL(`${REGISTER_PATH}${query}`, deps.publicUrl).href,
            },
          ];
    return { affiliateCode, links };
  };
}
