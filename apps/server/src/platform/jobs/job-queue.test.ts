import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { describeEachDatabase } from '../../test/databases.ts';
import { inTransaction } from '../db/after-commit.ts';
import type { JobQueue } from './job-queue.ts';
import { runsOf, testJobQueue } from './jobs.test-helpers.ts';
import { runOncePerPeriod } from './run-once.ts';

const KIND = 'test.settle-draw';

describeEachDatabase('the job queue', (database) => {
  let queue: JobQueue;
  beforeAll(async () => {
    queue = testJobQueue(database(), { node: 'the-node' });
    // Settles the unit of work named by whoever enqueued it, once.
    queue.define({
      kind: KIND,
      cron: '0 0 1 1 *',
      expireInSeconds: 60,
      run: ({ key, jobId, node }) =>
        runOncePerPeriod(database().db, { kind: KIND, period: key ?? 'none', jobId, node }, async () => ({
          key,
        })),
    });
    await queue.start();
  });
  afterAll(async () => {
    await queue.stop(1_000);
  });

  const completed = (id: string) =>
    vi.waitFor(async () => expect((await queue.findJob(KIND, id))?.state).toBe('completed'), {
      timeout: 20_000,
      interval: 200,
    });

  it('when a job is enqueued inside a transaction that commits, then it runs, for the key it was given', async () => {
    const draw = `draw-${randomUUID()}`;
    const id = await inTransaction(database().db, (tx) => queue.runNow(KIND, { key: draw, tx }));
    await completed(id);
    expect(await runsOf(database().db, KIND, draw)).toMatchObject([
      { outcome: 'DONE', node: 'the-node', jobId: id, detail: { key: draw } },
    ]);
  });

  it('when the transaction that enqueued a job rolls back, then the job never existed', async () => {
    const draw = `draw-${randomUUID()}`;
    let id = '';
    await expect(
      inTransaction(database().db, async (tx) => {
        id = await queue.runNow(KIND, { key: draw, tx });
        throw new Error('the result was not confirmed');
      }),
    ).rejects.toThrow('the result was not confirmed');
    expect(id).not.toBe('');
    expect(await queue.findJob(KIND, id)).toBeNull();
    // A later job on the queue runs, and still nothing ran for the rolled-back draw.
    await completed(await queue.runNow(KIND, { key: `draw-${randomUUID()}` }));
    expect(await runsOf(database().db, KIND, draw)).toEqual([]);
  });

  it('when a job that is not defined is asked for, then nothing is enqueued', async () => {
    await expect(queue.runNow('test.unknown')).rejects.toThrow('no job test.unknown');
  });
});

describeEachDatabase('the job queue stopping', (database) => {
  it('when the queue stops while a run is in progress, then the run finishes and commits before the stop returns', async () => {
    const kind = 'test.slow-run';
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered: () => void = () => undefined;
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const queue = testJobQueue(database());
    queue.define({
      kind,
      cron: '0 0 1 1 *',
      expireInSeconds: 60,
      run: ({ key, jobId }) =>
        runOncePerPeriod(database().db, { kind, period: key ?? 'none', jobId }, async () => {
          entered();
          await held;
          return { finished: true };
        }),
    });
    await queue.start();
    await queue.runNow(kind, { key: 'shutdown' });
    await inside;
    let stopped = false;
    const stopping = queue.stop(10_000).then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(queue.started).toBe(false);
    expect(await runsOf(database().db, kind, 'shutdown')).toMatchObject([
      { outcome: 'DONE', detail: { finished: true } },
    ]);
  });
});
