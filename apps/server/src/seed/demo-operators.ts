import { hashPassword } from '../modules/identity/password-hashing.ts';
import { operators } from '../modules/operators/operators.schema.ts';
import type { Database } from '../platform/db/database.ts';
import { DEMO_PASSWORD } from './demo-members.ts';

/** The demo operator accounts the README lists. */
export const demoOperators = [
  { username: 'admin01', role: 'ADMIN', password: DEMO_PASSWORD },
  { username: 'finance01', role: 'FINANCE', password: DEMO_PASSWORD },
] as const;

/** Adds the demo operators that are missing; existing ones (and their passwords) are left alone. */
export async function seedDemoOperators(db: Database): Promise<void> {
  for (const demo of demoOperators) {
    await db
      .insert(operators)
      .values({ username: demo.username, role: demo.role, passwordHash: await hashPassword(demo.password) })
      .onConflictDoNothing();
  }
}
