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

/** A fresh, empty database named `fortuna_bench_<random>`, so a run never touches anyone's data. */
export async function createScratchDatabase(): Promise<ScratchDatabase> {
  if (!/^postgres(ql)?:\/\/[^/]*@?(127\.0\.0\.1|localhost)(:\d+)?$/.test(postgresServerUrl))
    throw new Error(`refusing a non-loopback PostgreSQL server: ${postgresServerUrl}`);
  const name = `fortuna_bench_${randomBytes(4).toString('hex')}`;
  await onServer((client) => client.query(`create database ${name}`));
  return {
    name,
    url: `${postgresServerUrl}/${name}`,
    // FORCE ends connections a killed server may have left behind, so the drop cannot be refused.
    drop: () =>
      onServer((client) => client.query(`drop database if exists ${name} with (force)`)).then(() => {}),
  };
}
