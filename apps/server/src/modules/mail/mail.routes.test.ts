import { VerificationPaths } from '@fortuna/contracts/verification';
import { afterEach, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createInProcessBus } from '../../platform/events.ts';
import { buildTestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createLogMailer } from './log-mailer.ts';
import type { Mailer } from './mailer.ts';

describeEachDatabase('the development mail outbox', (database) => {
  const opened: { close(): Promise<unknown> }[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((app) => app.close()));
  });

  async function appWithMailer(mailer: Mailer, devEndpoints: 'on' | 'off' = 'on') {
    const config = loadConfig({ WEB_DIST_DIR: '/nonexistent', DEV_ENDPOINTS: devEndpoints });
    const app = await buildApp({
      config,
      database: database(),
      events: createInProcessBus(),
      logger: false,
      mailer,
    });
    opened.push(app);
    return app;
  }

  it('when mails were kept by the log transport, then the outbox call lists them newest first', async () => {
    const mailer = createLogMailer({ info: () => {} });
    const app = await appWithMailer(mailer);
    await mailer.send({ to: 'ana@mail.example', subject: 'First', text: 'Open https://lobby.example/r?t=1' });
    await mailer.send({ to: 'ben@mail.example', subject: 'Second', text: 'two' });
    const answer = await app.inject({ method: 'GET', url: VerificationPaths.devMailOutbox });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      success: true,
      value: [
        { to: 'ben@mail.example', subject: 'Second', text: 'two' },
        { to: 'ana@mail.example', subject: 'First', text: 'Open https://lobby.example/r?t=1' },
      ],
    });
  });

  it('when the outbox is asked for one address, then only mails to it come back', async () => {
    const mailer = createLogMailer({ info: () => {} });
    const app = await appWithMailer(mailer);
    await mailer.send({ to: 'ana@mail.example', subject: 'For Ana', text: '' });
    await mailer.send({ to: 'ben@mail.example', subject: 'For Ben', text: '' });
    const answer = await app.inject({
      method: 'GET',
      url: VerificationPaths.devMailOutbox,
      query: { to: 'ana@mail.example' },
    });
    expect(answer.json().value.map((mail: { subject: string }) => mail.subject)).toEqual(['For Ana']);
  });

  it('when the address asked for is too long, then 400 names query.to', async () => {
    const app = await appWithMailer(createLogMailer({ info: () => {} }));
    const answer = await app.inject({
      method: 'GET',
      url: VerificationPaths.devMailOutbox,
      query: { to: `${'a'.repeat(200)}@mail.example` },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      value: { issues: [{ field: 'query.to' }] },
    });
  });

  it('when development endpoints are off, then the outbox call does not exist though mails are kept by the log transport', async () => {
    const mailer = createLogMailer({ info: () => {} });
    await mailer.send({ to: 'ana@example.com', subject: 'Reset your password', text: 'secret link' });
    const app = await appWithMailer(mailer, 'off');
    const answer = await app.inject({ method: 'GET', url: VerificationPaths.devMailOutbox });
    expect(answer.statusCode).toBe(404);
    expect(answer.body).not.toContain('secret link');
  });

  it('when the app runs with the default mail transport and asks for development endpoints, then mails go to the log outbox', async () => {
    const app = await buildTestApp(database());
    opened.push(app);
    const answer = await app.inject({ method: 'GET', url: VerificationPaths.devMailOutbox });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ success: true, value: [] });
  });

  it('when mails go out through SMTP, then the outbox call does not exist', async () => {
    const app = await buildTestApp(database(), { MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://127.0.0.1:2525' });
    opened.push(app);
    const answer = await app.inject({ method: 'GET', url: VerificationPaths.devMailOutbox });
    expect(answer.statusCode).toBe(404);
  });

  it('when the app closes, then its mailer is closed', async () => {
    const mailer = { send: vi.fn(async () => {}), close: vi.fn(async () => {}) };
    const app = await appWithMailer(mailer);
    await app.inject({ method: 'GET', url: VerificationPaths.devMailOutbox }).then((answer) => {
      expect(answer.statusCode).toBe(404);
    });
    opened.splice(opened.indexOf(app), 1);
    await app.close();
    expect(mailer.close).toHaveBeenCalledTimes(1);
  });
});
