import { hashPassword } from '../modules/identity/password-hashing.ts';
import { operators } from '../modules/operators/operators.schema.ts';
import type { Database } from '../platform/db/database.ts';
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

/** Adds the demo operators that are missing; existing ones (and their passwords) are left alone. */
export async function seedDemoOperators(db: Database): Promise<void> {
  for (const demo of demoOperators) {
    await db
      .insert(operators)
      .values({
        username: demo.username,
        role: demo.role,
        passwordHash: await hashPassword(demo.password),
        totpSecret: DEMO_OPERATOR_TOTP_SECRET,
        totpEnrolledAt: new Date(),
      })
      .onConflictDoNothing();
  }
}
