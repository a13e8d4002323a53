import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { UsernameSchema } from '@fortuna/contracts/credentials';
import { OperatorPasswordSchema, operatorPasswordProblem } from '@fortuna/contracts/operators';
import { openDatabase } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { passwordRefusal } from '../identity/password-policy.ts';
import { createOperatorAccount } from './operator-creation.ts';

/** The audit log's actor for accounts made by the command: no operator was logged in. */
export const CREATE_ADMIN_ACTOR = 'command:ops:create-admin';

export const CREATE_ADMIN_USAGE = `Usage: npm run ops:create-admin -- --username NAME [--password-file PATH]
Creates an ADMIN operator on the database of DATABASE_URL, or else of the PGlite directory PGLITE_DIR.
The password comes from --password-file or standard input (never a flag); it is changed at first login.`;

export interface CreateAdminIo {
  env: { DATABASE_URL?: string; PGLITE_DIR?: string };
  /** The password typed or piped on standard input. */
  readStdinPassword: () => Promise<string>;
  out: (line: string) => void;
  err: (line: string) => void;
}

/** One trailing line break is how files and pipes end; it is not part of the password. */
const withoutLineBreak = (text: string) => text.replace(/\r?\n$/, '');

/**
 * The first-ADMIN command: 0 when the ADMIN was created, 1 when refused (bad arguments, a weak
 * password, a taken username), 2 when the database could not be reached.
 */
export async function createAdminCommand(argv: string[], io: CreateAdminIo): Promise<number> {
  let values: { username?: string; 'password-file'?: string };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { username: { type: 'string' }, 'password-file': { type: 'string' } },
      strict: true,
    }));
  } catch (error) {
    const passwordFlag = argv.some((arg) => /^--password(=|$)/.test(arg));
    io.err(
      passwordFlag
        ? 'ops:create-admin: a password is never taken as a flag (it would stay in the shell history and the process list); use --password-file or standard input'
        : `ops:create-admin: ${(error as Error).message}`,
    );
    io.err(CREATE_ADMIN_USAGE);
    return 1;
  }
  const username = UsernameSchema.safeParse(values.username ?? '');
  if (!username.success) {
    io.err(`ops:create-admin: --username ${username.error.issues[0]?.message ?? 'is required'}`);
    io.err(CREATE_ADMIN_USAGE);
    return 1;
  }
  const passwordFile = values['password-file'];
  const password = withoutLineBreak(
    passwordFile ? await readFile(passwordFile, 'utf8') : await io.readStdinPassword(),
  );
  const policy = OperatorPasswordSchema.safeParse(password);
  const problem = policy.success
    ? operatorPasswordProblem(password, username.data)
    : policy.error.issues[0]?.message;
  if (problem) {
    io.err(`ops:create-admin: the password ${problem}`);
    return 1;
  }
  const refusal = passwordRefusal(password, { username: username.data }, OperatorPasswordSchema);
  if (refusal) {
    io.err(`ops:create-admin: ${refusal.message}`);
    return 1;
  }

  const { DATABASE_URL, PGLITE_DIR } = io.env;
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({ databaseUrl: DATABASE_URL, pgliteDir: PGLITE_DIR });
    await database.migrate();
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    io.err(`ops:create-admin: could not open the database: ${(cause as Error).message ?? cause}`);
    return 2;
  }
  try {
    const admin = await createOperatorAccount(
      database.db,
      { username: username.data, password, role: 'ADMIN' },
      { actor: CREATE_ADMIN_ACTOR },
    );
    io.out(
      `ops:create-admin: ADMIN ${admin.username} (id ${admin.id}) created on ${DATABASE_URL ? 'PostgreSQL' : `PGlite ${PGLITE_DIR}`}; ` +
        'at first login they change the password and enrol an authenticator app',
    );
    return 0;
  } catch (error) {
    if (error instanceof AppError && error.code === 'USERNAME_TAKEN') {
      io.err(`ops:create-admin: the username ${username.data} is taken`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}
