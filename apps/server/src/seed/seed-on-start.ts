import type { Database } from '../platform/db/database.ts';
import type { SecretKeyring } from '../platform/secret-box.ts';
import { seedDemoBalances } from './demo-balances.ts';
import { seedDemoContent } from './demo-content.ts';
import { seedDemoMembers } from './demo-members.ts';
import { seedDemoOperators } from './demo-operators.ts';
import { seedDepositChannels, seedGatewayDepositChannel } from './deposit-channels.ts';
import { seedGames } from './games.ts';
import { seedHouseGames } from './house-games.ts';
import { seedFirstDepositPromotion } from './promotions.ts';
import { seedReferralProgramme } from './referral-programme.ts';
import { seedDemoSiteContent, seedSiteSkeleton } from './seed.ts';
import { seedVendors } from './vendors.ts';
import { seedDemoLine, seedWalletSettings } from './wallet-settings.ts';

/**
 * What every start seeds when missing. Every site: the skeleton (brand, languages, flags,
 * registration rules), wallet rules, the gateway deposit channel and the house games. With demo
 * data on (DEMO_DATA): the demo brand's contacts and help, demo members with balances, demo
 * operators, the bank transfer channel, the generated catalogue and demo content. Without it no
 * account is ever created, so one an operator deleted stays deleted.
 */
export async function seedOnStart(
  db: Database,
  {
    demoData,
    operatorSecrets,
  }: {
    demoData: boolean;
    /** Seals the demo operators' authenticator secret; unset, the development key (tests, benches). */
    operatorSecrets?: SecretKeyring;
  },
): Promise<void> {
  await seedSiteSkeleton(db);
  await seedWalletSettings(db);
  await seedGatewayDepositChannel(db);
  await seedHouseGames(db);
  if (!demoData) return;
  await seedDemoSiteContent(db);
  await seedDemoMembers(db);
  await seedDemoBalances(db);
  await seedDemoOperators(db, operatorSecrets);
  await seedDepositChannels(db);
  await seedDemoLine(db);
  await seedDemoContent(db);
  // The home banner's "first deposit doubled" (demo content) is this promotion.
  await seedFirstDepositPromotion(db);
  // The home's "invite friends" news item is this programme.
  await seedReferralProgramme(db);
  await seedVendors(db);
  await seedGames(db);
}
