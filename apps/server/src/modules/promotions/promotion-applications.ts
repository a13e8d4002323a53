import type {
  ApplyForPromotionSchema,
  MemberApplication,
  OpsApplication,
  OpsApplicationList,
  OpsApplicationListQuerySchema,
} from '@fortuna/contracts/promotion-applications';
import type { z } from 'zod';
import { inTransaction } from '../../platform/db/after-commit.ts';
import type { Database, Executor } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { type CleanImage, cleanImage } from '../../platform/images/image-cleaning.ts';
import type { ImageUpload } from '../../platform/images/image-uploads.ts';
import { recordAudit } from '../operators/audit.ts';
import * as applications from './applications.store.ts';
import { inAudience } from './audience.ts';
import type { PromotionsService } from './promotions.service.ts';
import * as store from './promotions.store.ts';

/** A refusal that names what is wrong: the promotion or the application of the path. */
const refused = (code: 'NOT_FOUND' | 'FORBIDDEN' | 'CONFLICT', field: string, message: string) =>
  new AppError(code, { message, issues: [{ field, message }] });

function memberView(row: applications.ApplicationRow, imageCount: number): MemberApplication {
  return {
    id: row.id.toString(),
    promotionId: row.promotionId.toString(),
    status: row.status as MemberApplication['status'],
    comment: row.comment,
    imageCount,
    createdAt: row.createdAt.toISOString(),
  };
}

function opsView(row: applications.QueueRow, imageIds: string[]): OpsApplication {
  const { application } = row;
  return {
    ...memberView(application, imageIds.length),
    memberId: application.memberId.toString(),
    username: row.username,
    promotionCode: row.promotionCode,
    note: application.note,
    decidedBy: application.decidedBy,
    decidedAt: application.decidedAt?.toISOString() ?? null,
    grantId: application.grantId?.toString() ?? null,
    bonusMinor: row.bonusMinor?.toString() ?? null,
    imageIds,
  };
}

/**
 * Applications to MANUAL_APPLICATION promotions (ADR 058, 065): the member applies with a comment
 * and images; operators approve, granting through the promotions service's grant (the claim's
 * one statement and BONUS posting), or reject with a note. Each decision is audited with it.
 */
export function createPromotionApplications(
  db: Database,
  promotions: PromotionsService,
  now: () => Date = () => new Date(),
) {
  /** Why the member may not apply now, or nothing: the checks a claim makes, for an application. */
  async function refusalToApply(tx: Executor, promotion: store.PromotionRow | undefined, memberId: bigint) {
    const at = now();
    if (!promotion) return refused('NOT_FOUND', 'params.id', 'No promotion has this id');
    if (!(await inAudience(tx, promotion, memberId, at))) {
      return refused('FORBIDDEN', 'params.id', 'This promotion is not offered to you');
    }
    if (promotion.trigger !== 'MANUAL_APPLICATION') {
      return refused('CONFLICT', 'params.id', 'This promotion is not applied for');
    }
    if (promotion.startsAt > at)
      return refused('CONFLICT', 'params.id', 'This promotion has not started yet');
    if (promotion.status !== 'ACTIVE' || (promotion.endsAt !== null && promotion.endsAt <= at)) {
      return refused('CONFLICT', 'params.id', 'This promotion is closed');
    }
    const grants = (await store.grantCountsOf(tx, memberId)).get(promotion.id) ?? 0;
    if (grants >= promotion.perMemberLimit) {
      return refused('CONFLICT', 'params.id', 'You have received this promotion already');
    }
    return undefined;
  }

  async function queueView(tx: Executor, id: bigint): Promise<OpsApplication> {
    const row = await applications.findQueueRow(tx, id);
    if (!row) throw refused('NOT_FOUND', 'params.id', 'No application has this id');
    return opsView(row, (await applications.imageIdsOf(tx, [id])).get(id) ?? []);
  }

  /** Why a PENDING-only decision found nothing to decide. */
  async function notPending(tx: Executor, id: bigint): Promise<AppError> {
    const row = await applications.findQueueRow(tx, id);
    if (!row) return refused('NOT_FOUND', 'params.id', 'No application has this id');
    return refused(
      'CONFLICT',
      'params.id',
      `This application was ${row.application.status.toLowerCase()} already`,
    );
  }

  return {
    async apply(
      memberId: bigint,
      promotionId: bigint,
      input: z.output<typeof ApplyForPromotionSchema>,
      uploads: ImageUpload[] = [],
    ): Promise<MemberApplication> {
      const refusal = await refusalToApply(db, await store.findPromotion(db, promotionId), memberId);
      if (refusal) throw refusal;
      // One at a time: each decode holds a whole picture in memory.
      const images: CleanImage[] = [];
      for (const upload of uploads) images.push(await cleanImage(upload));
      return db.transaction(async (tx) => {
        // Read again inside: the promotion may have ended while the images were being encoded.
        const again = await refusalToApply(tx, await store.findPromotion(tx, promotionId), memberId);
        if (again) throw again;
        const row = await applications.insertApplication(
          tx,
          { promotionId, memberId, comment: input.comment },
          images,
        );
        if (!row)
          throw refused('CONFLICT', 'params.id', 'Your application to this promotion is being reviewed');
        return memberView(row, images.length);
      });
    },

    lastApplications: applications.lastApplicationsOf,

    async list(query: z.output<typeof OpsApplicationListQuerySchema>): Promise<OpsApplicationList> {
      const { rows, total } = await applications.listApplications(db, {
        ...query,
        promotionId: query.promotionId === undefined ? undefined : BigInt(query.promotionId),
      });
      const imageIds = await applications.imageIdsOf(
        db,
        rows.map((row) => row.application.id),
      );
      return {
        applications: rows.map((row) => opsView(row, imageIds.get(row.application.id) ?? [])),
        page: query.page,
        pageSize: query.pageSize,
        total,
      };
    },

    one: (id: bigint) => queueView(db, id),

    async image(id: bigint, imageId: string) {
      const image = await applications.findImage(db, id, imageId);
      if (!image) throw refused('NOT_FOUND', 'params.imageId', 'No such image of this application');
      return image;
    },

    /**
     * Approves a PENDING application and grants its bonus in the same transaction: the
     * conditional move to APPROVED holds the row, so of two operators at once one grants and the
     * other finds it decided; the grant holds the per-member limit and the budget. When nothing
     * can be granted (budget spent, promotion ended) the application stays PENDING.
     */
    async approve(id: bigint, note: string | undefined, actor: string): Promise<OpsApplication> {
      return inTransaction(db, async (tx) => {
        const at = now();
        const decided = await applications.decide(tx, id, {
          status: 'APPROVED',
          note: note || null,
          decidedBy: actor,
          at,
        });
        if (!decided) throw await notPending(tx, id);
        const promotion = await store.findPromotion(tx, decided.promotionId);
        const grant =
          promotion &&
          (await promotions.grantInside(tx, promotion, decided.memberId, `application:${id}`, 0n, 0n));
        if (grant === 'stale')
          throw refused('CONFLICT', 'params.id', 'The promotion just changed; try again');
        if (grant === 'refused') {
          throw refused(
            'CONFLICT',
            'params.id',
            'The member shares a payee name or an address with an account that had a new-player bonus',
          );
        }
        if (!grant) {
          throw refused(
            'CONFLICT',
            'params.id',
            'Nothing can be granted: the promotion is closed, its budget is spent, or the member has it already',
          );
        }
        await applications.setGrant(tx, id, grant.id);
        await recordAudit(tx, {
          actor,
          action: 'promotion-application.approve',
          targetType: 'promotion_application',
          targetId: id.toString(),
          details: { grantId: grant.id, bonusMinor: grant.bonusMinor, note: note ?? null },
        });
        return queueView(tx, id);
      });
    },

    /** Rejects a PENDING application with the note the member reads; they may apply again. */
    async reject(id: bigint, note: string, actor: string): Promise<OpsApplication> {
      return db.transaction(async (tx) => {
        const decided = await applications.decide(tx, id, {
          status: 'REJECTED',
          note,
          decidedBy: actor,
          at: now(),
        });
        if (!decided) throw await notPending(tx, id);
        await recordAudit(tx, {
          actor,
          action: 'promotion-application.reject',
          targetType: 'promotion_application',
          targetId: id.toString(),
          details: { note },
        });
        return queueView(tx, id);
      });
    },
  };
}
export type PromotionApplications = ReturnType<typeof createPromotionApplications>;
