import type { Config } from '../config.ts';
import { demoMembers } from '../seed/demo-members.ts';
import { demoOperators } from '../seed/demo-operators.ts';
import { isProduction } from './production-refusals.ts';

/** The one start-up line that says which mode this is and what that leaves on. */
export function runModeLine(config: Config): string {
  const database = config.DATABASE_URL ? 'PostgreSQL' : `embedded PGlite in ${config.PGLITE_DIR}`;
  const devEndpoints =
    config.DEV_ENDPOINTS === 'on'
      ? 'development endpoints on (/wps/dev/*: SMS and mail outboxes, captcha peek)'
      : 'development endpoints off';
  if (isProduction(config))
    return `Production mode (NODE_ENV=production) on ${database}: no demo data, ${devEndpoints}, development providers and secrets refused`;
  if (config.DEMO_DATA === 'on') {
    const accounts = [...demoMembers, ...demoOperators].map((demo) => demo.username).join(', ');
    return `Trying mode on ${database}: demo site and accounts on (${accounts}; passwords in the README), ${devEndpoints} — not for real money`;
  }
  return `Deployment mode on ${database}: no demo data (DEMO_DATA=on asks for it), ${devEndpoints}`;
}
