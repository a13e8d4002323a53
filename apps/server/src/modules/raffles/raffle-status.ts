import type { SetRaffleStatusFields } from '@fortuna/contracts/raffles';
import type { Executor } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { recordAudit } from '../operators/audit.ts';
import * as store from './raffles.store.ts';

/**
 * Pauses, resumes or cancels a raffle (ADR 074) under its row lock, so the draw and ticket
 * issuance either ran before or see the new status. A pause issues nothing until resumed and
 * what is earned during it never earns a ticket; a resume keeps the pause in `pauses`. A cancel,
 * final, means no draw. Tickets are only ever earned, never bought, so a cancel has nothing to
 * refund: it closes the raffle. Setting the status it has already is a conflict, as is any change
 * to a raffle drawn or cancelled. Audited `raffle.status.set`, with the reason.
 */
export async function setRaffleStatus(
  tx: Executor,
  raffleId: bigint,
  change: SetRaffleStatusFields,
  actor: string,
  at: Date,
): Promise<store.RaffleRow> {
  const raffle = await store.lockRaffle(tx, raffleId);
  if (!raffle) throw new AppError('NOT_FOUND', { message: `No raffle has the id ${raffleId} (id)` });
  if (raffle.status === 'DRAWN' || raffle.status === 'CANCELLED')
    throw new AppError('CONFLICT', {
      message: `This raffle is ${raffle.status} already: its status cannot change (status)`,
    });
  if (raffle.status === change.status)
    throw new AppError('CONFLICT', { message: `This raffle is ${raffle.status} already (status)` });
  const updated = await store.updateRaffleStatus(tx, raffle, change.status, at);
  await recordAudit(tx, {
    actor,
    action: 'raffle.status.set',
    targetType: 'raffle',
    targetId: raffleId.toString(),
    details: { from: raffle.status, to: change.status, reason: change.reason },
  });
  return updated;
}
