import {
  APPLICATION_IMAGE_FIELD,
  PromotionApplicationPaths,
} from '@fortuna/contracts/promotion-applications';
import { PromotionClaimPaths } from '@fortuna/contracts/promotion-claims';
import { PromotionSetupPaths } from '@fortuna/contracts/promotion-setup';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Database, DatabaseHandle } from '../../platform/db/database.ts';
import { buildTestApp } from '../../test/app.ts';
import { readyOperator } from '../../test/operator-sessions.ts';
import { promotionInput } from './promotion-setup.test-helpers.ts';
import { TEST_TERMS } from './promotions.test-helpers.ts';

export type Upload = { name: string; bytes: Buffer; type?: string };

/** A promotion applied for, paying a fixed 100.00 under the test wagering terms. */
export const applicationPromotion = (overrides: Parameters<typeof promotionInput>[0] = {}) =>
  promotionInput({
    type: 'GAMING',
    trigger: 'MANUAL_APPLICATION',
    automatic: false,
    terms: { ...TEST_TERMS, reward: { kind: 'FIXED', amountMinor: '10000' } },
    ...overrides,
  });

/** An app with an ADMIN and a SUPPORT operator, and the calls of applications and their review. */
export function applicationsHarness(database: () => DatabaseHandle) {
  const state = {} as {
    app: FastifyInstance;
    admin: Record<string, string>;
    support: Record<string, string>;
  };
  beforeAll(async () => {
    state.app = await buildTestApp(database());
    state.admin = (await readyOperator(state.app, 'ADMIN')).headers;
    state.support = (await readyOperator(state.app, 'SUPPORT')).headers;
  });
  afterAll(async () => {
    await state.app.close();
  });
  const url = (path: string, id: string) => path.replace(':id', id);
  return {
    state,
    async create(input = applicationPromotion()): Promise<string> {
      const answer = await state.app.inject({
        method: 'POST',
        url: PromotionSetupPaths.create,
        headers: state.admin,
        payload: input,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().value.id;
    },
    /** The application as the lobby sends it: multipart, the comment a text part, files in `images`. */
    apply(id: string, headers: Record<string, string>, comment: string | undefined, files: Upload[] = []) {
      const form = new FormData();
      if (comment !== undefined) form.append('comment', comment);
      for (const file of files) {
        form.append(
          APPLICATION_IMAGE_FIELD,
          new Blob([file.bytes], { type: file.type ?? 'image/png' }),
          file.name,
        );
      }
      return state.app.inject({
        method: 'POST',
        url: url(PromotionApplicationPaths.apply, id),
        headers,
        payload: form,
      });
    },
    async statusIn(headers: Record<string, string>, id: string) {
      const answer = await state.app.inject({
        method: 'GET',
        url: `${PromotionClaimPaths.mine}?lang=EN`,
        headers,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return (
        answer.json().value.promotions as { id: string; status: string; rejectionNote: string | null }[]
      ).find((promotion) => promotion.id === id);
    },
    decide(kind: 'approve' | 'reject', id: string, headers: Record<string, string>, payload: object = {}) {
      const path =
        kind === 'approve' ? PromotionApplicationPaths.opsApprove : PromotionApplicationPaths.opsReject;
      return state.app.inject({ method: 'POST', url: url(path, id), headers, payload });
    },
    ops(path: string, headers: Record<string, string> = state.admin) {
      return state.app.inject({ method: 'GET', url: path, headers });
    },
  };
}

/** What is stored of a promotion's applications, grants and images. */
export async function writtenFor(db: Database, promotionId: string) {
  const result = (await db.execute(sql`
    select (select count(*)::int from promotion_applications where promotion_id = ${BigInt(promotionId)}) as applications,
           (select count(*)::int from promotion_application_images i join promotion_applications a on a.id = i.application_id
             where a.promotion_id = ${BigInt(promotionId)}) as images,
           (select count(*)::int from bonus_grants where promotion_id = ${BigInt(promotionId)}) as grants`)) as unknown as {
    rows: { applications: number; images: number; grants: number }[];
  };
  return result.rows[0];
}

export const fieldsOf = (answer: { json(): { value: { issues: { field: string }[] } | null } }) =>
  answer.json().value?.issues.map((issue) => issue.field);
