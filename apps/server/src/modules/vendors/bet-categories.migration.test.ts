import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HOUSE_VENDOR_CODE } from '@fortuna/contracts/games';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { migrationsFolder } from '../../platform/db/migrate.ts';
import { seedHouseGames } from '../../seed/house-games.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import { insertGamesIfMissing } from '../games/games.store.ts';
import { testGame } from '../games/games.test-helpers.ts';
import { testVendor } from './vendors.test-helpers.ts';

/** The statements of the category back-fill migration, found through drizzle's journal as the migrator finds them. */
function backfillStatements(): string[] {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const entry = journal.entries.find((each) => each.tag.endsWith('_bet_categories'));
  if (!entry) throw new Error('the bet categories migration is not in the journal');
  return readFileSync(join(migrationsFolder, `${entry.tag}.sql`), 'utf8')
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter(Boolean);
}

// The database is migrated already; the rows below are put back the way the code before the
// migration wrote them, then its statements run again (they are idempotent, as the migrator
// runs them once on a database in that state).
describeEachDatabase('migration: bet records back-filled with their game category', (database) => {
  let memberId: bigint;
  let lotteryVendor: string;
  beforeAll(async () => {
    const db = database().db;
    await seedHouseGames(db);
    memberId = (await createMember(db)).id;
    lotteryVendor = (await testVendor(db, { categories: ['LOTT'], walletMode: 'TRANSFER' })).code;
    await insertGamesIfMissing(db, [
      testGame(lotteryVendor, { en: 'Keno', gameType: 'LOTT', gameCode: 'keno', lines: 0 }),
    ]);
  });

  const run = (query: ReturnType<typeof sql>) => database().db.execute(query);
  const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
    ((await run(query)) as unknown as { rows: T[] }).rows;

  async function oldRound(vendorCode: string, gameCode: string, category: string): Promise<string> {
    const roundId = `r-${gameCode}-${Math.random().toString(36).slice(2)}`;
    await run(sql`
      insert into bet_records (vendor_code, round_id, member_id, game_code, category, stake_minor, status)
      values (${vendorCode}, ${roundId}, ${memberId}, ${gameCode}, ${category}, 100, 'SETTLED')`);
    return roundId;
  }
  const categoryOf = async (roundId: string) =>
    (await rowsOf<{ category: string }>(sql`select category from bet_records where round_id = ${roundId}`))[0]
      ?.category;

  it("when records were filed under the vendor's first category, then each gets its game's, and a game the catalogue lacks keeps its own", async () => {
    // Before: the house vendor listed LIVE, Royal Baccarat was LIVE, the lottery was LOTTERY.
    await run(
      sql`update games set game_type = 'LIVE' where vassalage = ${HOUSE_VENDOR_CODE} and game_code = 'royal-baccarat'`,
    );
    await run(
      sql`update vendors set categories = array['RNG', 'FISH', 'PVP', 'LIVE'] where code = ${HOUSE_VENDOR_CODE}`,
    );
    await run(sql`update games set game_type = 'LOTTERY' where vassalage = ${lotteryVendor}`);
    await run(sql`update vendors set categories = array['LOTTERY'] where code = ${lotteryVendor}`);
    const fish = await oldRound(HOUSE_VENDOR_CODE, 'ocean-hunter', 'RNG');
    const slot = await oldRound(HOUSE_VENDOR_CODE, 'lucky-koi', 'RNG');
    const baccarat = await oldRound(HOUSE_VENDOR_CODE, 'royal-baccarat', 'RNG');
    const unknown = await oldRound(HOUSE_VENDOR_CODE, 'not-in-catalogue', 'RNG');
    const keno = await oldRound(lotteryVendor, 'keno', 'LOTTERY');
    const oldDraw = await oldRound(lotteryVendor, 'retired-draw', 'LOTTERY');

    for (const statement of backfillStatements()) await run(sql.raw(statement));

    expect(await categoryOf(fish)).toBe('FISH');
    expect(await categoryOf(slot)).toBe('RNG');
    expect(await categoryOf(baccarat)).toBe('PVP');
    expect(await categoryOf(unknown)).toBe('RNG');
    expect(await categoryOf(keno)).toBe('LOTT');
    expect(await categoryOf(oldDraw)).toBe('LOTT');
    const vendorCategories = await rowsOf<{ code: string; categories: string[] }>(
      sql`select code, categories from vendors where code in (${HOUSE_VENDOR_CODE}, ${lotteryVendor}) order by code`,
    );
    expect(Object.fromEntries(vendorCategories.map((row) => [row.code, row.categories]))).toEqual({
      [HOUSE_VENDOR_CODE]: ['RNG', 'FISH', 'PVP'],
      [lotteryVendor]: ['LOTT'],
    });
    const gameTypes = await rowsOf<{ game_code: string; game_type: string }>(
      sql`select game_code, game_type from games where game_code in ('royal-baccarat', 'keno') and vassalage in (${HOUSE_VENDOR_CODE}, ${lotteryVendor}) order by game_code`,
    );
    expect(gameTypes.map((row) => [row.game_code, row.game_type])).toEqual([
      ['keno', 'LOTT'],
      ['royal-baccarat', 'PVP'],
    ]);
  });

  it('when the migration runs on records already right, then nothing changes', async () => {
    const fish = await oldRound(HOUSE_VENDOR_CODE, 'ocean-hunter', 'FISH');
    const before = await rowsOf<{ updated_at: string }>(
      sql`select updated_at::text from bet_records where round_id = ${fish}`,
    );
    for (const statement of backfillStatements()) await run(sql.raw(statement));
    expect(await categoryOf(fish)).toBe('FISH');
    expect(
      await rowsOf<{ updated_at: string }>(
        sql`select updated_at::text from bet_records where round_id = ${fish}`,
      ),
    ).toEqual(before);
  });
});
