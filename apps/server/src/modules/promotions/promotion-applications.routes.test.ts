import { PromotionApplicationPaths } from '@fortuna/contracts/promotion-applications';
import { PromotionOpsPaths } from '@fortuna/contracts/promotions';
import { expect, it } from 'vitest';
import { PAST_BIGINT } from '../../test/bad-values.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { pngOf, SMALL_JPEG } from '../../test/images.ts';
import { loggedInMember } from '../../test/wallet-fixtures.ts';
import {
  applicationPromotion,
  applicationsHarness,
  fieldsOf,
  type Upload,
  writtenFor,
} from './promotion-applications.test-helpers.ts';
import { at, HOUR_MS } from './promotion-setup.test-helpers.ts';

const FIVE_MB = 5 * 1024 * 1024;
const png: Upload = { name: 'receipt.png', bytes: pngOf(12, 9) };
const jpg: Upload = { name: 'photo.jpg', bytes: SMALL_JPEG, type: 'image/jpeg' };

describeEachDatabase('members apply to promotions', (database) => {
  const harness = applicationsHarness(database);
  const member = () => loggedInMember(database().db, { withPaymentPassword: false });

  it('when a member applies with a comment and a png and a jpg, then the application is pending, the status is applying, and a second one is refused', async () => {
    const { headers } = await member();
    const id = await harness.create();
    expect((await harness.statusIn(headers, id))?.status).toBe('JOIN');
    const answer = await harness.apply(id, headers, '  I played the weekend tournament 🎉 ', [png, jpg]);
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json().value).toMatchObject({
      promotionId: id,
      status: 'PENDING',
      comment: 'I played the weekend tournament 🎉',
      imageCount: 2,
    });
    expect((await harness.statusIn(headers, id))?.status).toBe('APPLYING');
    const again = await harness.apply(id, headers, 'again');
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('being reviewed');
    expect(await writtenFor(database().db, id)).toEqual({ applications: 1, images: 2, grants: 0 });
  });

  it('when the comment is left out or exactly 140 characters (emoji count as one), then it is accepted', async () => {
    const { headers } = await member();
    const none = await harness.apply(await harness.create(), headers, undefined);
    expect(none.statusCode, none.body).toBe(201);
    expect(none.json().value).toMatchObject({ comment: '', imageCount: 0 });
    const full = await harness.apply(await harness.create(), headers, '🎉'.repeat(140));
    expect(full.statusCode, full.body).toBe(201);
  });

  it('when the images are a renamed text file, a GIF, a cut png, 5 MB + 1 byte or four, then 400 naming the image and nothing written', async () => {
    const { headers } = await member();
    const id = await harness.create();
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.from([1, 0, 1, 0, 0, 0, 0, 0x3b])]);
    const pngHead = png.bytes.subarray(0, 8);
    const overFive = Buffer.concat([pngHead, Buffer.alloc(FIVE_MB + 1 - pngHead.length, 7)]);
    expect(overFive.length).toBe(FIVE_MB + 1);
    const cases: [Upload[], string, string][] = [
      [
        [png, { name: 'receipt.png', bytes: Buffer.from('I am a text file') }],
        'body.images.1',
        'not a png or jpg',
      ],
      [[{ name: 'dance.gif', bytes: gif, type: 'image/png' }], 'body.images.0', 'not a png or jpg'],
      [
        [{ name: 'cut.png', bytes: png.bytes.subarray(0, png.bytes.length - 20) }],
        'body.images.0',
        'truncated',
      ],
      [[{ name: 'big.png', bytes: overFive }], 'body.images.0', 'at most 5 MB'],
      [[png, png, png, png], 'body.images', 'at most 3'],
    ];
    for (const [files, field, words] of cases) {
      const answer = await harness.apply(id, headers, 'proof', files);
      expect(answer.statusCode, field).toBe(400);
      expect(fieldsOf(answer)).toEqual([field]);
      expect(answer.body).toContain(words);
    }
    expect(await writtenFor(database().db, id)).toEqual({ applications: 0, images: 0, grants: 0 });
  });

  it('when the comment is 141 characters, holds NUL or a lone surrogate, or is not a string, then 400 naming the comment and nothing written', async () => {
    const { headers } = await member();
    const id = await harness.create();
    for (const comment of ['x'.repeat(141), 'a\u0000b']) {
      const answer = await harness.apply(id, headers, comment, [png]);
      expect(answer.statusCode, comment.slice(0, 10)).toBe(400);
      expect(fieldsOf(answer)).toEqual(['body.comment']);
    }
    // A lone surrogate or a number cannot travel in a form part; a JSON body carries them.
    for (const comment of ['\ud800', 42, ['a']]) {
      const answer = await harness.state.app.inject({
        method: 'POST',
        url: PromotionApplicationPaths.apply.replace(':id', id),
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify({ comment }),
      });
      expect(answer.statusCode, String(comment)).toBe(400);
      expect(fieldsOf(answer)).toEqual(['body.comment']);
    }
    const unknownPart = await harness.state.app.inject({
      method: 'POST',
      url: PromotionApplicationPaths.apply.replace(':id', id),
      headers,
      payload: (() => {
        const form = new FormData();
        form.append('photo', new Blob([png.bytes]), 'a.png');
        return form;
      })(),
    });
    expect(fieldsOf(unknownPart)).toEqual(['body.photo']);
    expect(await writtenFor(database().db, id)).toEqual({ applications: 0, images: 0, grants: 0 });
  });

  it('when the promotion is another audience, ended, not started, claimed rather than applied for, unknown, or there is no session, then 4xx naming the promotion and nothing written', async () => {
    const { headers } = await member();
    const other = await member();
    const foreign = await harness.create(
      applicationPromotion({ audience: 'MEMBERS', audienceMemberIds: [String(other.member.id)] }),
    );
    const ended = await harness.create();
    const ending = await harness.state.app.inject({
      method: 'POST',
      url: PromotionOpsPaths.status.replace(':id', ended),
      headers: harness.state.admin,
      payload: { status: 'ENDED', reason: 'over early' },
    });
    expect(ending.statusCode, ending.body).toBe(200);
    const future = await harness.create(applicationPromotion({ startsAt: at(HOUR_MS) }));
    const claimed = await harness.create(applicationPromotion({ trigger: 'SIGN_UP' }));
    const cases: [string, Record<string, string>, number, string][] = [
      [foreign, headers, 403, 'not offered to you'],
      [ended, headers, 409, 'closed'],
      [future, headers, 409, 'not started'],
      [claimed, headers, 409, 'not applied for'],
      ['999999999', headers, 404, 'No promotion'],
      [PAST_BIGINT, headers, 400, 'id'],
      ['abc', headers, 400, 'id'],
      [foreign, {}, 401, ''],
      [foreign, harness.state.admin, 401, ''],
    ];
    for (const [id, caller, status, words] of cases) {
      const answer = await harness.apply(id, caller, 'please', [png]);
      expect(answer.statusCode, `${id} ${words}`).toBe(status);
      expect(answer.body).toContain(words);
      if (status !== 401) expect(fieldsOf(answer)).toEqual(['params.id']);
    }
    for (const id of [foreign, ended, future, claimed])
      expect(await writtenFor(database().db, id)).toEqual({ applications: 0, images: 0, grants: 0 });
  });
});
