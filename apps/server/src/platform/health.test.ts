import { expect, it } from 'vitest';
import { buildTestApp } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';

describeEachDatabase('health probes', (database) => {
  it('when the database answers, then /healthz and /readyz are 200', async () => {
    const app = await buildTestApp(database());
    expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    await app.close();
  });

  it('when the database stops answering, then /readyz is 503 while /healthz stays 200', async () => {
    const broken = { ...database(), ping: () => Promise.reject(new Error('connection refused')) };
    const app = await buildTestApp(broken);
    const readiness = await app.inject({ method: 'GET', url: '/readyz' });
    expect(readiness.statusCode).toBe(503);
    expect(readiness.json()).toEqual({ status: 'not ready', code: 'NOT_READY' });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await app.close();
  });

  it('when the server is shutting down, then /readyz is 503 so the load balancer drains it', async () => {
    const app = await buildTestApp(database());
    let readiness: Promise<Awaited<ReturnType<typeof app.inject>>> | undefined;
    app.addHook('preClose', async () => {
      readiness = app.inject({ method: 'GET', url: '/readyz' });
    });
    await app.close();
    expect((await readiness)?.statusCode).toBe(503);
    expect((await readiness)?.json()).toEqual({ status: 'not ready', code: 'NOT_READY' });
  });
});
