import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres } from '../../platform/db/database.ts';
import { createPostgresDatabase } from '../../test/databases.ts';
import { verifyPassword } from '../identity/password-hashing.ts';
import { CREATE_ADMIN_ACTOR, createAdminCommand } from './create-admin-command.ts';
import { auditLog, operators } from './operators.schema.ts';

const PASSWORD = 'correct horse battery 9';

function io(env: { DATABASE_URL?: string; PGLITE_DIR?: string }, stdin = `${PASSWORD}\n`) {
  const lines = { out: [] as string[], err: [] as string[] };
  return {
    lines,
    io: {
      env,
      readStdinPassword: async () => stdin,
      out: (line: string) => lines.out.push(line),
      err: (line: string) => lines.err.push(line),
    },
  };
}

describe('npm run ops:create-admin', () => {
  const dirs: string[] = [];
  const pgliteDir = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fortuna-create-admin-'));
    dirs.push(dir);
    return join(dir, 'data');
  };
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });
  // One PGlite directory for the runs that create: migrating a new one takes seconds.
  let shared: string;
  beforeAll(async () => {
    shared = await mkdtemp(join(tmpdir(), 'fortuna-create-admin-'));
  });
  afterAll(() => rm(shared, { recursive: true, force: true }));
  const MIGRATING_MS = 180_000;

  it(
    'when a strong password is piped on PGlite, then an ADMIN exists who must change it and enrol, audited as the command',
    async () => {
      const dir = join(shared, 'data');
      const run = io({ PGLITE_DIR: dir });
      expect(await createAdminCommand(['--username', 'Boss01'], run.io)).toBe(0);
      expect(run.lines.out.join()).toContain('ADMIN boss01');

      const database = await openPglite(dir);
      try {
        const [row] = await database.db.select().from(operators).where(eq(operators.username, 'boss01'));
        expect(row).toMatchObject({
          role: 'ADMIN',
          status: 'ACTIVE',
          mustChangePassword: true,
          totpEnrolledAt: null,
        });
        expect(row?.passwordHash).not.toContain(PASSWORD);
        const trail = await database.db.select().from(auditLog).where(eq(auditLog.action, 'operator.create'));
        expect(trail).toMatchObject([{ actor: CREATE_ADMIN_ACTOR, targetId: row?.id.toString() }]);
      } finally {
        await database.close();
      }
      const again = io({ PGLITE_DIR: dir });
      expect(await createAdminCommand(['--username', 'boss01'], again.io)).toBe(1);
      expect(again.lines.err.join()).toContain('taken');
    },
    MIGRATING_MS,
  );

  it(
    'when the password is in a file, then it is read from there (one trailing line break dropped)',
    async () => {
      const dir = join(shared, 'data');
      const file = join(shared, 'password');
      await writeFile(file, 'a long file passphrase\n');
      const run = io({ PGLITE_DIR: dir }, 'stdin is not read');
      expect(await createAdminCommand(['--username', 'boss02', '--password-file', file], run.io)).toBe(0);
      const database = await openPglite(dir);
      try {
        const rows = await database.db.select().from(operators).where(eq(operators.username, 'boss02'));
        expect(rows).toHaveLength(1);
        expect(await verifyPassword(rows[0]?.passwordHash, 'a long file passphrase')).toBe(true);
      } finally {
        await database.close();
      }
    },
    MIGRATING_MS,
  );

  it.each([
    ['an 11-character password', ['--username', 'boss03'], 'short pass1', 'must be 12 to 128 characters'],
    [
      'a password holding the username',
      ['--username', 'boss03'],
      'BOSS03 forever and ever',
      'must not contain the username',
    ],
    ['an empty password', ['--username', 'boss03'], '\n', 'must be 12 to 128 characters'],
    ['a common password', ['--username', 'boss03'], 'password1234', 'too common or too easy to guess'],
    [
      'the password as a flag',
      ['--username', 'boss03', '--password', PASSWORD],
      PASSWORD,
      'never taken as a flag',
    ],
    [
      'the password as a flag with =',
      ['--username', 'boss03', `--password=${PASSWORD}`],
      PASSWORD,
      'never taken as a flag',
    ],
    ['no username', [], PASSWORD, '--username'],
    ['a username of the wrong shape', ['--username', '1\u0000x'], PASSWORD, '--username'],
  ])(
    'when given %s, then it refuses with exit 1, says why, and does not touch the database',
    async (_label, argv, stdin, reason) => {
      const dir = await pgliteDir();
      const run = io({ PGLITE_DIR: dir }, stdin);
      expect(await createAdminCommand(argv, run.io)).toBe(1);
      expect(run.lines.err.join('\n')).toContain(reason);
      expect(existsSync(dir)).toBe(false);
    },
  );

  it.runIf(process.env.TEST_DATABASE_URL || process.env.CI === 'true')(
    'when DATABASE_URL names a PostgreSQL database, then the ADMIN is created there (migrating a fresh database first)',
    async () => {
      const created = await createPostgresDatabase();
      try {
        const run = io({ DATABASE_URL: created.url });
        expect(await createAdminCommand(['--username', 'boss04'], run.io)).toBe(0);
        const database = await openPostgres(created.url);
        try {
          const [row] = await database.db.select().from(operators).where(eq(operators.username, 'boss04'));
          expect(row).toMatchObject({ role: 'ADMIN', mustChangePassword: true });
        } finally {
          await database.close();
        }
      } finally {
        await created.drop();
      }
    },
    MIGRATING_MS,
  );

  it('when the script is run with the password as a flag, then it exits 1 before anything else', async () => {
    const script = new URL('../../scripts/create-admin.ts', import.meta.url).pathname;
    const run = promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', script, '--username', 'boss05', `--password=${PASSWORD}`],
      { env: { ...process.env, PGLITE_DIR: join(tmpdir(), 'fortuna-never-created') } },
    );
    await expect(run).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('never taken as a flag'),
    });
  });
});
