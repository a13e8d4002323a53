import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server the benchmarks use; each run makes its own database on it and drops it. */
export const postgresServerUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';

export interface ScratchDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

async function onServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: `${postgresServerUrl}/postgres` });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database named `fortuna_bench_<random>`, so a run never touches anyone's data: empty, or
 * a file copy of `copyOf` (a shared network a bench must write to and leave as it was; PostgreSQL
 * refuses the copy while anyone else is connected to it).
 */
export async function createScratchDatabase(options: { copyOf?: string } = {}): Promise<ScratchDatabase> {
  if (!/^postgres(ql)?:\/\/[^/]*@?(127\.0\.0\.1|localhost)(:\d+)?$/.test(postgresServerUrl))
    throw new Error(`refusing a non-loopback PostgreSQL server: ${postgresServerUrl}`);
  const { copyOf } = options;
  if (copyOf !== undefined && !/^fortuna_bench_[a-z0-9_]+$/.test(copyOf))
    throw new Error(`only a fortuna_bench_… database is copied, not ${copyOf}`);
  const name = `fortuna_bench_${randomBytes(4).toString('hex')}`;
  // FILE_COPY: a copy of gigabytes without writing them all to the WAL first.
  const from = copyOf === undefined ? '' : ` template ${copyOf} strategy file_copy`;
  await onServer((client) => client.query(`create database ${name}${from}`));
  return {
    name,
    url: `${postgresServerUrl}/${name}`,
    // FORCE ends connections a killed server may have left behind, so the drop cannot be refused.
    drop: () =>
      onServer((client) => client.query(`drop database if exists ${name} with (force)`)).then(() => {}),
  };
}
