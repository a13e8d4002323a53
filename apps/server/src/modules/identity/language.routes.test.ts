import { MemberPaths } from '@fortuna/contracts/member';
import { MessageOpsPaths, MessagePaths } from '@fortuna/contracts/messages';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, opsHeaders } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { memberByUsername } from '../../test/identity-fixtures.ts';
import { loggedInMember } from '../../test/wallet-fixtures.ts';

describeEachDatabase(
  "language change: the member's language stored and used by content calls",
  (database) => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await buildTestApp(database());
    });
    afterAll(() => app.close());

    const setLanguage = (headers: Record<string, string>, payload: unknown) =>
      app.inject({ method: 'PUT', url: MemberPaths.language, headers, payload: payload as object });

    it('when a member changes to TY, then it is stored and their messages come in TY from the next call', async () => {
      const { member, headers } = await loggedInMember(database().db, { withPaymentPassword: false });
      await app.inject({
        method: 'POST',
        url: MessageOpsPaths.messages,
        headers: opsHeaders,
        payload: {
          audience: 'MEMBER',
          username: member.username,
          title: 'Welcome',
          body: 'Hello',
          translations: { TY: { title: 'Maligayang pagdating', body: 'Kumusta' } },
        },
      });
      const changed = await setLanguage(headers, { language: 'ty' });
      expect(changed.json()).toMatchObject({ success: true, value: { language: 'TY' } });
      expect((await memberByUsername(database().db, member.username))?.language).toBe('TY');
      const inbox = await app.inject({ method: 'GET', url: MessagePaths.inbox, headers });
      expect(inbox.json().value.items[0]).toMatchObject({ title: 'Maligayang pagdating' });
    });

    it("when the language is not one of the site's, or missing, then the field is named and nothing changes", async () => {
      const { member, headers } = await loggedInMember(database().db, { withPaymentPassword: false });
      for (const payload of [{ language: 'CN' }, { language: 'X' }, {}]) {
        const answer = await setLanguage(headers, payload);
        expect(answer.statusCode).toBe(400);
        expect(answer.json().value.issues[0].field).toBe('body.language');
      }
      expect((await memberByUsername(database().db, member.username))?.language).toBe('EN');
    });

    it('when a visitor calls it, then it is 401', async () => {
      expect((await setLanguage({}, { language: 'TY' })).statusCode).toBe(401);
    });
  },
);
