import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { FakePlatform } from '../platform/fake-platform.test-helpers.ts';

/**
 * Starts a lottery node in a child process (settler-crash-node.test-helpers.ts) doing `job` on
 * the database at `databaseUrl`, with `platform` served to it over HTTP; when the platform has
 * applied the `killAt.count`-th `killAt.call`, the child is killed with SIGKILL before it hears
 * the answer. Resolves once the child has exited.
 */
export async function runUntilKilled(options: {
  databaseUrl: string;
  platform: FakePlatform;
  job: 'settle' | 'corrections' | 'voids';
  killAt: { call: string; count: number };
  now: number;
}): Promise<void> {
  let calls = 0;
  let child: ReturnType<typeof spawn> | undefined;
  await new Promise<void>((resolve) => {
    const http = createServer(async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const answer = await options.platform.fetch(`http://platform.test${request.url}`, {
        method: 'POST',
        headers: request.headers as Record<string, string>,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      if (request.url?.endsWith(`/${options.killAt.call}`) && ++calls === options.killAt.count) {
        child?.kill('SIGKILL');
        http.close();
        resolve();
        return;
      }
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
    });
    http.listen(0, '127.0.0.1', () => {
      const { port } = http.address() as AddressInfo;
      child = spawn(
        process.execPath,
        ['--import', 'tsx', fileURLToPath(new URL('./settler-crash-node.test-helpers.ts', import.meta.url))],
        {
          env: {
            ...process.env,
            CRASH_DATABASE_URL: options.databaseUrl,
            CRASH_PLATFORM_URL: `http://127.0.0.1:${port}`,
            CRASH_NOW: String(options.now),
            CRASH_JOB: options.job,
          },
          stdio: ['ignore', 'ignore', 'inherit'],
        },
      );
    });
  });
  await new Promise<void>((resolve) =>
    child?.exitCode !== null || child?.signalCode ? resolve() : child.once('exit', () => resolve()),
  );
}
