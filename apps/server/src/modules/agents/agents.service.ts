import type { DomainRoute } from '@fortuna/contracts/system';
import type { Database } from '../../platform/db/database.ts';
import type { RateCounter } from '../../platform/rate-limit.ts';
import type { DownlineAccounts } from '../identity/downline-accounts.ts';
import { createDownlineCreation } from './downline-creation.ts';
import { createDownlines } from './downlines.ts';
import { createInvitations } from './invitation.ts';
import { createOverview } from './overview.ts';
import { createProfitLoss } from './profit-loss.ts';
import { createRawReports } from './reports.ts';

export interface AgentsDeps {
  db: Database;
  accounts: DownlineAccounts;
  counter: RateCounter;
  site: () => { gmtOffset: string; domainRoute: DomainRoute[] };
  publicUrl: string;
}

/**
 * The agent centre (issue 15): what an agent does with its line and reads of it. Every call is
 * about the caller's own line; the routes let only agents in, and a member outside the line is
 * not found (ADR 031).
 */
export function createAgentsService(deps: AgentsDeps) {
  return {
    createDownline: createDownlineCreation({ accounts: deps.accounts, counter: deps.counter }),
    downlines: createDownlines({ db: deps.db }),
    overview: createOverview({ db: deps.db, gmtOffset: () => deps.site().gmtOffset }),
    reports: createRawReports({ db: deps.db, gmtOffset: () => deps.site().gmtOffset }),
    profitLoss: createProfitLoss({ db: deps.db, gmtOffset: () => deps.site().gmtOffset }),
    invitation: createInvitations({
      accounts: deps.accounts,
      domainRoutes: () => deps.site().domainRoute,
      publicUrl: deps.publicUrl,
    }),
  };
}
export type AgentsService = ReturnType<typeof createAgentsService>;
