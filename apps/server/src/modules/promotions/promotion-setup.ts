import { isAgentType } from '@fortuna/contracts/member-types';
import type {
  CreatePromotionFields,
  EditPromotionFields,
  OpsPromotionDetail,
} from '@fortuna/contracts/promotion-setup';
import type { Database, Executor } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { safeTextHtml } from '../../platform/safe-html.ts';
import { recordAudit } from '../operators/audit.ts';
import { memberTypes, signedUpAt } from './eligibility.store.ts';
import { opsView } from './promotion-ops.ts';
import type { PromotionTexts } from './promotion-terms.ts';
import * as store from './promotions.store.ts';

type Fields = Omit<CreatePromotionFields, 'code'> | EditPromotionFields;

/** Bodies are cleaned when written (and again when read), titles were stripped by the contract. */
function cleanTexts(texts: Fields['texts']): PromotionTexts {
  const clean: PromotionTexts = {};
  for (const [language, text] of Object.entries(texts)) {
    if (text) clean[language] = { title: text.title, bodyHtml: safeTextHtml(text.bodyHtml) };
  }
  return clean;
}

/** A MEMBERS audience names members who exist: the first unknown id is refused by its place. */
async function checkAudience(db: Executor, memberIds: string[]): Promise<bigint[]> {
  const ids = [...new Set(memberIds)].map(BigInt);
  const known = await signedUpAt(db, ids);
  const unknown = memberIds.findIndex((id) => !known.has(BigInt(id)));
  if (unknown >= 0) {
    throw AppError.invalidField(
      `body.audienceMemberIds.${unknown}`,
      `no member has the id ${memberIds[unknown]}`,
    );
  }
  return ids;
}

/** An AGENT_LINES audience names agents: the first id that is no agent is refused by its place. */
async function checkAgents(db: Executor, agentIds: string[]): Promise<bigint[]> {
  const ids = [...new Set(agentIds)].map(BigInt);
  const types = await memberTypes(db, ids);
  const wrong = agentIds.findIndex((id) => {
    const type = types.get(BigInt(id));
    return type === undefined || !isAgentType(type);
  });
  if (wrong >= 0) {
    throw AppError.invalidField(`body.audienceAgentIds.${wrong}`, `no agent has the id ${agentIds[wrong]}`);
  }
  return ids;
}

interface CheckedAudience {
  memberIds: bigint[];
  agentIds: bigint[];
}

async function checkedAudience(db: Executor, fields: Fields): Promise<CheckedAudience> {
  return {
    memberIds: await checkAudience(db, fields.audienceMemberIds),
    agentIds: await checkAgents(db, fields.audienceAgentIds),
  };
}

function changeOf(fields: Fields, audience: CheckedAudience): store.PromotionChange {
  return {
    type: fields.type,
    texts: cleanTexts(fields.texts),
    startsAt: new Date(fields.startsAt),
    endsAt: fields.endsAt === null ? null : new Date(fields.endsAt),
    audience: fields.audience,
    audienceMemberIds: audience.memberIds,
    audienceLevels: fields.audienceLevels,
    audienceAgentIds: audience.agentIds,
    trigger: fields.trigger,
    thresholdMinor: fields.thresholdMinor === null ? null : BigInt(fields.thresholdMinor),
    depositOrdinal: fields.depositOrdinal,
    lossFrom: fields.lossWindow === null ? null : new Date(fields.lossWindow.startsAt),
    lossTo: fields.lossWindow === null ? null : new Date(fields.lossWindow.endsAt),
    automatic: fields.automatic,
    terms: fields.terms,
    perMemberLimit: fields.perMemberLimit,
    perAddressLimit: fields.perAddressLimit,
    perDeviceLimit: fields.perDeviceLimit,
    budgetMinor: BigInt(fields.budgetMinor),
  };
}

async function detail(db: Executor, id: bigint): Promise<OpsPromotionDetail> {
  const [counted] = await store.promotionsWithGrantCounts(db, id);
  if (!counted) throw new AppError('NOT_FOUND', { message: `No promotion has the id ${id}` });
  const { promotion } = counted;
  return {
    ...opsView(counted),
    version: promotion.version,
    texts: promotion.texts,
    audience: promotion.audience as OpsPromotionDetail['audience'],
    audienceMemberIds: promotion.audienceMemberIds.map(String),
    audienceLevels: promotion.audienceLevels,
    audienceAgentIds: promotion.audienceAgentIds.map(String),
    thresholdMinor: promotion.thresholdMinor?.toString() ?? null,
    depositOrdinal: promotion.depositOrdinal,
    perAddressLimit: promotion.perAddressLimit,
    perDeviceLimit: promotion.perDeviceLimit,
    lossWindow:
      promotion.lossFrom && promotion.lossTo
        ? { startsAt: promotion.lossFrom.toISOString(), endsAt: promotion.lossTo.toISOString() }
        : null,
  };
}

/**
 * Operators make promotions without code (ADR 058): create, read and edit, each audited in the
 * transaction that writes it. An edit bumps the version, so every node's copy stops granting
 * under the old terms (ADR 052); grants already given keep the terms they were given with.
 */
export function createPromotionSetup(db: Database, changed: () => Promise<void>) {
  return {
    one: (id: bigint) => detail(db, id),

    async create(fields: CreatePromotionFields, actor: string): Promise<OpsPromotionDetail> {
      const id = await db.transaction(async (tx) => {
        const audience = await checkedAudience(tx, fields);
        const row = await store.insertPromotion(tx, { code: fields.code, ...changeOf(fields, audience) });
        if (!row)
          throw new AppError('CONFLICT', {
            message: `A promotion has the code ${fields.code} already (code)`,
          });
        await recordAudit(tx, {
          actor,
          action: 'promotion.create',
          targetType: 'promotion',
          targetId: row.id.toString(),
          details: { code: row.code, trigger: row.trigger, budgetMinor: fields.budgetMinor },
        });
        return row.id;
      });
      await changed();
      return detail(db, id);
    },

    async edit(id: bigint, fields: EditPromotionFields, actor: string): Promise<OpsPromotionDetail> {
      await db.transaction(async (tx) => {
        const promotion = await store.lockPromotion(tx, id);
        if (!promotion) throw new AppError('NOT_FOUND', { message: `No promotion has the id ${id}` });
        if (promotion.status === 'ENDED') {
          throw new AppError('CONFLICT', { message: 'An ended promotion cannot change; create a new one' });
        }
        if (BigInt(fields.budgetMinor) < promotion.spentMinor) {
          throw AppError.invalidField(
            'body.budgetMinor',
            `must be at least what the grants spent already (${promotion.spentMinor})`,
          );
        }
        const audience = await checkedAudience(tx, fields);
        const row = await store.updatePromotion(tx, id, changeOf(fields, audience));
        await recordAudit(tx, {
          actor,
          action: 'promotion.edit',
          targetType: 'promotion',
          targetId: id.toString(),
          details: { fromVersion: promotion.version, toVersion: row.version, reason: fields.reason },
        });
      });
      await changed();
      return detail(db, id);
    },
  };
}
export type PromotionSetup = ReturnType<typeof createPromotionSetup>;
