// Creates the first ADMIN operator (or another one) from the command line:
//   npm run ops:create-admin -- --username boss01 [--password-file PATH]
// The password is read from the file or standard input (without echo on a terminal), never from
// a flag. Uses DATABASE_URL, or else the PGlite directory PGLITE_DIR (default ./data; stop the
// server first: one process owns a PGlite directory).
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAdminCommand } from '../modules/operators/create-admin-command.ts';
import { readAllStdin, readHiddenLine } from './read-password.ts';

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
// npm runs the script in apps/server; a relative PGLITE_DIR means where the command was typed.
const typedIn = process.env.INIT_CWD ?? process.cwd();

process.exitCode = await createAdminCommand(process.argv.slice(2), {
  env: {
    DATABASE_URL: process.env.DATABASE_URL || undefined,
    PGLITE_DIR: process.env.DATABASE_URL
      ? undefined
      : resolve(typedIn, process.env.PGLITE_DIR || `${repoRoot}data`),
  },
  async readStdinPassword() {
    if (!process.stdin.isTTY) return readAllStdin();
    const first = await readHiddenLine('Password for the new ADMIN: ');
    const again = await readHiddenLine('The same password again: ');
    if (first !== again) {
      console.error('ops:create-admin: the two passwords differ');
      process.exit(1);
    }
    return first;
  },
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
