import { describe, expect, it, vi } from 'vitest';
import { createLogMailer } from './log-mailer.ts';

const quietLog = () => ({ info: vi.fn() });

describe('the log mailer', () => {
  it('when mails are sent, then the outbox lists them newest first and the log carries them', async () => {
    const log = quietLog();
    const mailer = createLogMailer(log);
    await mailer.send({ to: 'ana@mail.example', subject: 'First', text: 'one' });
    await mailer.send({ to: 'ben@mail.example', subject: 'Second', text: 'two' });
    expect(mailer.outbox().map((mail) => mail.subject)).toEqual(['Second', 'First']);
    expect(mailer.outbox()[0]).toMatchObject({ to: 'ben@mail.example', text: 'two' });
    expect(Number.isNaN(Date.parse(mailer.outbox()[0]?.sentAt ?? ''))).toBe(false);
    expect(log.info).toHaveBeenCalledWith(
      expect.objectContaining({ to: 'ana@mail.example', subject: 'First', text: 'one' }),
      'mail kept in the development outbox',
    );
  });

  it('when the outbox is asked for one recipient, then only their mails come back, whatever the case', async () => {
    const mailer = createLogMailer(quietLog());
    await mailer.send({ to: 'Ana@Mail.example', subject: 'For Ana', text: '' });
    await mailer.send({ to: 'ben@mail.example', subject: 'For Ben', text: '' });
    expect(mailer.outbox('ana@mail.example').map((mail) => mail.subject)).toEqual(['For Ana']);
    expect(mailer.outbox('nobody@mail.example')).toEqual([]);
  });

  it('when more than 200 mails are sent, then the oldest fall off', async () => {
    const mailer = createLogMailer(quietLog());
    for (let index = 1; index <= 205; index += 1)
      await mailer.send({ to: 'ana@mail.example', subject: `Mail ${index}`, text: '' });
    const outbox = mailer.outbox();
    expect(outbox).toHaveLength(200);
    expect(outbox[0]?.subject).toBe('Mail 205');
    expect(outbox[199]?.subject).toBe('Mail 6');
  });
});
