import { members } from '../modules/identity/identity.schema.ts';
import { hashPassword } from '../modules/identity/password-hashing.ts';
import type { Database } from '../platform/db/database.ts';

/** The demo accounts the README lists. The newbie still has the brand's default password. */
export const DEMO_PASSWORD = 'Fortuna2026';
export const DEMO_DEFAULT_PASSWORD = 'Fortuna123';

export const demoMembers = [
  {
    username: 'demo01',
    nickname: 'Juan',
    type: 0,
    password: DEMO_PASSWORD,
    dialingCode: '+63',
    mobileNum: '9171234567',
    email: 'demo01@fortuna.example',
  },
  {
    username: 'agent01',
    nickname: 'Agent Maria',
    type: 1,
    password: DEMO_PASSWORD,
    affiliateCode: 'FORTUNA88',
    email: 'agent01@fortuna.example',
  },
  { username: 'newbie01', nickname: 'Newbie', type: 0, password: DEMO_DEFAULT_PASSWORD },
  // The regulars whose house-game rounds fill home's winners at first start (demo-rounds.ts).
  { username: 'koifan21', nickname: 'Koi Fan', type: 0, password: DEMO_PASSWORD },
  { username: 'rizal88', nickname: 'Rizal', type: 0, password: DEMO_PASSWORD },
  { username: 'mayumi07', nickname: 'Mayumi', type: 0, password: DEMO_PASSWORD },
] as const;

/** Adds the demo accounts that are missing; existing accounts (and their passwords) are left alone. */
export async function seedDemoMembers(db: Database): Promise<void> {
  for (const demo of demoMembers) {
    const { password, ...fields } = demo;
    await db
      .insert(members)
      .values({ ...fields, passwordHash: await hashPassword(password), firstTimeLogin: false })
      .onConflictDoNothing();
  }
}
