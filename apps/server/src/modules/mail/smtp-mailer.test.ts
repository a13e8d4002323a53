import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp-server.ts';
import { hasOutbox } from './log-mailer.ts';
import { createMailer } from './mailer.ts';
import { createSmtpMailer } from './smtp-mailer.ts';

const FROM = 'Fortuna <no-reply@fortuna.example>';
// Longer than a mail line: quoted-printable breaks it, and the reader must join it again.
const resetLink = `https://lobby.example/reset-password?token=${'a1b2c3d4'.repeat(12)}&lang=TY`;

describe('the SMTP mailer', () => {
  let server: TestSmtpServer;
  beforeAll(async () => {
    server = await startTestSmtpServer();
  });
  afterAll(() => server.close());

  it('when a mail is sent, then the SMTP server receives its recipient, subject, link and html', async () => {
    const mailer = createSmtpMailer({ url: server.url, from: FROM });
    await mailer.send({
      to: 'ana@mail.example',
      subject: 'I-reset ang password — Fortuna',
      text: `Hello Ana,\n\nOpen ${resetLink} to choose a new password. Ça marche.\n`,
      html: `<p>Open <a href="${resetLink}">this link</a>.</p>`,
    });
    await mailer.close();
    const received = server.messages.at(-1);
    expect(received?.to).toEqual(['ana@mail.example']);
    expect(received?.subject).toBe('I-reset ang password — Fortuna');
    expect(received?.text).toContain(`Open ${resetLink} to choose`);
    expect(received?.text).toContain('Ça marche.');
    expect(received?.html).toContain(`href="${resetLink}"`);
  });

  it('when MAIL_TRANSPORT=smtp, then createMailer sends through SMTP_URL and keeps no outbox', async () => {
    const config = loadConfig({ MAIL_TRANSPORT: 'smtp', SMTP_URL: server.url });
    const mailer = createMailer(config, { info: () => {} });
    expect(hasOutbox(mailer)).toBe(false);
    await mailer.send({ to: 'ben@mail.example', subject: 'Hello Ben', text: 'Plain words' });
    await mailer.close();
    expect(server.messages.at(-1)).toMatchObject({
      to: ['ben@mail.example'],
      subject: 'Hello Ben',
      text: 'Plain words',
    });
  });

  it('when MAIL_TRANSPORT=log, then createMailer keeps mails in an outbox and sends nothing', async () => {
    const before = server.messages.length;
    const mailer = createMailer(loadConfig({ MAIL_TRANSPORT: 'log', SMTP_URL: server.url }), {
      info: () => {},
    });
    await mailer.send({ to: 'ana@mail.example', subject: 'Kept', text: 'here' });
    expect(hasOutbox(mailer) && mailer.outbox().map((mail) => mail.subject)).toEqual(['Kept']);
    expect(server.messages).toHaveLength(before);
  });

  it('when the SMTP server refuses the message, then send rejects', async () => {
    const refusing = await startTestSmtpServer({ refuse: true });
    try {
      const mailer = createSmtpMailer({ url: refusing.url, from: FROM });
      await expect(mailer.send({ to: 'ana@mail.example', subject: 'Refused', text: 'x' })).rejects.toThrow(
        /554/,
      );
      expect(refusing.messages).toEqual([]);
    } finally {
      await refusing.close();
    }
  });

  it('when no SMTP server listens, then send rejects', async () => {
    const gone = await startTestSmtpServer();
    await gone.close();
    const mailer = createSmtpMailer({ url: gone.url, from: FROM });
    await expect(mailer.send({ to: 'ana@mail.example', subject: 'Lost', text: 'x' })).rejects.toThrow(
      /ECONNREFUSED/,
    );
  });
});
