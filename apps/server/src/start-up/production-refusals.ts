import type { Config } from '../config.ts';
import { KNOWN_DEVELOPMENT_SECRETS, SECRET_VARIABLES } from './development-secrets.ts';
import { isDevelopmentOperatorKey } from './operator-secrets-keyring.ts';

export const isProduction = (config: Pick<Config, 'NODE_ENV'>): boolean => config.NODE_ENV === 'production';

/** Why a production start is refused; each names the variable and what it would leave open. */
export class StartRefused extends Error {
  constructor(readonly causes: string[]) {
    super(`Refusing to start with NODE_ENV=production: ${causes.join('; ')}`);
  }
}

/**
 * What in the configuration is unsafe in production (empty outside production: there these are
 * the ways to try Fortuna). NODE_ENV=production switches nothing on; it only refuses.
 */
export function unsafeProductionSettings(config: Config): string[] {
  if (!isProduction(config)) return [];
  const causes: string[] = [];
  if (!config.DATABASE_URL)
    causes.push('DATABASE_URL is not set (embedded PGlite never fsyncs: real money needs PostgreSQL)');
  if (!config.PUBLIC_URL)
    causes.push(
      'PUBLIC_URL is not set (password reset links and payment gateway callbacks would point at localhost)',
    );
  if (config.DEMO_DATA === 'on')
    causes.push(
      'DEMO_DATA is on (demo accounts with published passwords; on by default only without DATABASE_URL)',
    );
  if (config.SMS_PROVIDER === 'log')
    causes.push('SMS_PROVIDER=log (SMS codes would only be logged; set SMS_PROVIDER=http)');
  if (config.MAIL_TRANSPORT === 'log')
    causes.push('MAIL_TRANSPORT=log (mails would only be logged; set MAIL_TRANSPORT=smtp)');
  if (config.DEV_ENDPOINTS === 'on')
    causes.push('DEV_ENDPOINTS=on (development aids under /wps/dev/* answer anyone)');
  for (const variable of SECRET_VARIABLES) {
    const value = config[variable];
    if (value && KNOWN_DEVELOPMENT_SECRETS.has(value))
      causes.push(`${variable} is a development secret published in the Fortuna repository`);
  }
  if (!config.OPERATOR_SECRETS_KEY)
    causes.push(
      "OPERATOR_SECRETS_KEY is not set (it seals operators' authenticator secrets in the database: 32 random bytes as 64 hex digits, e.g. from openssl rand -hex 32)",
    );
  else if (isDevelopmentOperatorKey(config))
    causes.push('OPERATOR_SECRETS_KEY is a development secret published in the Fortuna repository');
  return causes;
}
