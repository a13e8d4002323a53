import { eq } from 'drizzle-orm';
import { hashPassword } from '../modules/identity/password-hashing.ts';
import { operators } from '../modules/operators/operators.schema.ts';
import { sealTotpSecret } from '../modules/operators/totp-secrets.ts';
import type { Database } from '../platform/db/database.ts';
import type { SecretKeyring } from '../platform/secret-box.ts';
import { operatorSecretsKeyring } from '../start-up/operator-secrets-keyring.ts';
import { DEMO_PASSWORD } from './demo-members.ts';

/**
 * The authenticator secret of the demo operators, printed in the README so that a person trying
 * Fortuna adds it to an authenticator app (and the tests compute its codes). Demo data only: a
 * real operator enrols a secret of their own.
 */
export const DEMO_OPERATOR_TOTP_SECRET = 'FORTUNADEMOOPERATORSTOTPSECRET22';

/** The demo operator accounts the README lists, already past their first-login steps. */
export const demoOperators = [
  { username: 'admin01', role: 'ADMIN', password: DEMO_PASSWORD },
  { username: 'finance01', role: 'FINANCE', password: DEMO_PASSWORD },
] as const;

/**
 * Adds the demo operators that are missing; existing ones (and their passwords) are left alone.
 * Their secret is sealed like any operator's (ADR 027), with the deployment's key; tests seed
 * with the development key, which their apps use too.
 */
export async function seedDemoOperators(
  db: Database,
  secrets: SecretKeyring = operatorSecretsKeyring({ OPERATOR_SECRETS_OLD_KEYS: '' }),
): Promise<void> {
  for (const demo of demoOperators) {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(operators)
        .values({
          username: demo.username,
          role: demo.role,
          passwordHash: await hashPassword(demo.password),
          totpEnrolledAt: new Date(),
        })
        .onConflictDoNothing()
        .returning({ id: operators.id });
      // The row's id is sealed in, so the secret is written once the row exists.
      if (row)
        await tx
          .update(operators)
          .set({ totpSecret: sealTotpSecret(secrets, row.id, DEMO_OPERATOR_TOTP_SECRET) })
          .where(eq(operators.id, row.id));
    });
  }
}
