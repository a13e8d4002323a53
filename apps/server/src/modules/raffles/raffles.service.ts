import type {
  CreateRaffleFields,
  MyRaffle,
  PublicRaffle,
  RaffleVerification,
  SetRaffleStatusFields,
} from '@fortuna/contracts/raffles';
import { RAFFLE_HORIZON_DAYS } from '@fortuna/contracts/raffles';
import type { Database, Executor } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { recordAudit } from '../operators/audit.ts';
import { newRaffleSeed, raffleSeedHash, verifyRaffle } from './raffle-draw.ts';
import { drawRaffle } from './raffle-drawing.ts';
import { earningWindows } from './raffle-pauses.ts';
import { setRaffleStatus } from './raffle-status.ts';
import { publicRaffle, raffleStatusAt } from './raffle-views.ts';
import * as store from './raffles.store.ts';
import { newTicketSources } from './ticket-rules.ts';
import { ticketEvents } from './ticket-sources.store.ts';

export interface RafflesDeps {
  db: Database;
  ledger: LedgerService;
  now?: () => Date;
}

const DAY_MS = 86_400_000;
/** How long a drawn raffle stays in the lobby's list. */
const DRAWN_SHOWN_DAYS = 30;

/** The titles given, without the languages left out. */
function definedTitles(titles: CreateRaffleFields['titles']): Record<string, string> {
  const defined: Record<string, string> = {};
  for (const [language, title] of Object.entries(titles)) if (title !== undefined) defined[language] = title;
  return defined;
}

const notFound = (id: bigint) =>
  new AppError('NOT_FOUND', { message: `No raffle has the id ${id} (raffleId)` });

/**
 * The raffle (ADR 067): operators create it with its seed committed; members claim it and earn
 * tickets from deposits and valid bets; the draw job draws it once at its time and pays the
 * winning tickets from its budget; anyone verifies the draw afterwards.
 */
export function createRafflesService(deps: RafflesDeps) {
  const { db, ledger } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * Issues the member's tickets earned in [opensAt, min(upTo, drawAt)) and not yet issued. The
   * caller holds the raffle's row lock (store.lockRaffle) and passes the locked row, which this
   * keeps current. Answers how many were issued.
   */
  async function issueFor(
    tx: Executor,
    raffle: store.RaffleRow,
    memberId: bigint,
    upTo: Date,
  ): Promise<number> {
    const to = upTo < raffle.drawAt ? upTo : raffle.drawAt;
    if (to <= raffle.opensAt) return 0;
    const held = await store.ticketsOf(tx, raffle.id, memberId);
    if (held.length >= raffle.maxTicketsPerMember) return 0;
    const events = await ticketEvents(tx, {
      memberId,
      windows: earningWindows(raffle.opensAt, to, raffle.pauses, raffle.pausedSince),
      depositMinMinor: raffle.depositMinMinor,
    });
    const sources = newTicketSources(raffle, memberId, events, new Set(held.map((ticket) => ticket.source)));
    raffle.issuedCount = await store.issueTickets(tx, raffle, memberId, sources);
    return sources.length;
  }

  async function viewOf(raffle: store.RaffleRow, language: string): Promise<PublicRaffle> {
    const winners = raffle.status === 'DRAWN' ? await store.winnersOf(db, [raffle.id]) : [];
    return publicRaffle(raffle, winners, language, now());
  }

  async function mine(memberId: bigint, raffleId: bigint, language: string): Promise<MyRaffle> {
    const raffle = await store.findRaffle(db, raffleId);
    if (!raffle) throw notFound(raffleId);
    const view = await viewOf(raffle, language);
    const tickets = await store.ticketsOf(db, raffleId, memberId);
    const numbers = new Set(tickets.map((ticket) => ticket.number));
    return {
      raffle: view,
      joined: await store.hasJoined(db, raffleId, memberId),
      myTickets: [...numbers],
      myWins: view.winners.filter((winner) => numbers.has(winner.ticketNumber)),
    };
  }

  return {
    issueFor,

    async create(fields: CreateRaffleFields, actor: string): Promise<PublicRaffle> {
      const drawAt = new Date(fields.drawAt);
      const at = now();
      if (drawAt <= at) throw AppError.invalidField('body.drawAt', 'drawAt must be in the future');
      if (drawAt.getTime() - at.getTime() > RAFFLE_HORIZON_DAYS * DAY_MS)
        throw AppError.invalidField('body.drawAt', `drawAt must be within ${RAFFLE_HORIZON_DAYS} days`);
      const seed = newRaffleSeed();
      const row = await db.transaction(async (tx) => {
        const written = await store.insertRaffle(tx, {
          code: fields.code,
          titles: definedTitles(fields.titles),
          opensAt: new Date(fields.opensAt),
          drawAt,
          validBetsPerTicketMinor:
            fields.ticketRule.validBetsPerTicketMinor === null
              ? null
              : BigInt(fields.ticketRule.validBetsPerTicketMinor),
          depositMinMinor:
            fields.ticketRule.depositMinMinor === null ? null : BigInt(fields.ticketRule.depositMinMinor),
          maxTicketsPerMember: fields.ticketRule.maxTicketsPerMember,
          prizes: fields.prizes,
          budgetMinor: BigInt(fields.budgetMinor),
          seed,
          seedHash: raffleSeedHash(seed),
          createdBy: actor,
        });
        if (!written)
          throw new AppError('CONFLICT', { message: `A raffle has the code ${fields.code} already (code)` });
        await recordAudit(tx, {
          actor,
          action: 'raffle.create',
          targetType: 'raffle',
          targetId: written.id.toString(),
          details: {
            code: written.code,
            drawAt: fields.drawAt,
            budgetMinor: fields.budgetMinor,
            seedHash: written.seedHash,
          },
        });
        return written;
      });
      return viewOf(row, 'EN');
    },

    async list(language: string): Promise<{ raffles: PublicRaffle[] }> {
      const rows = await store.visibleRaffles(db, new Date(now().getTime() - DRAWN_SHOWN_DAYS * DAY_MS));
      const winners = await store.winnersOf(
        db,
        rows.filter((row) => row.status === 'DRAWN').map((row) => row.id),
      );
      const at = now();
      return {
        raffles: rows.map((row) =>
          publicRaffle(
            row,
            winners.filter((winner) => winner.raffleId === row.id),
            language,
            at,
          ),
        ),
      };
    },

    mine,

    /**
     * Spec 7.4 MCS2_claimRafflePromotion: the member joins a raffle taking tickets now and is
     * issued the tickets earned since it opened; claiming again issues what was earned since.
     */
    async claim(memberId: bigint, raffleId: bigint, language: string): Promise<MyRaffle> {
      await db.transaction(async (tx) => {
        const raffle = await store.lockRaffle(tx, raffleId);
        if (!raffle) throw notFound(raffleId);
        const status = raffleStatusAt(raffle, now());
        if (status === 'COMING_SOON')
          throw new AppError('CONFLICT', { message: 'This raffle has not opened yet (raffleId)' });
        if (status === 'PAUSED')
          throw new AppError('CONFLICT', { message: 'This raffle is paused: no tickets for now (raffleId)' });
        if (status !== 'OPEN')
          throw new AppError('CONFLICT', { message: 'This raffle takes no more tickets (raffleId)' });
        await store.join(tx, raffleId, memberId);
        await issueFor(tx, raffle, memberId, now());
      });
      return mine(memberId, raffleId, language);
    },

    /** The minute's sweep: every entrant of every running raffle is issued what they earned. */
    async issueAll(): Promise<number> {
      let issued = 0;
      const at = now();
      for (const raffleId of await store.runningRaffles(db, at)) {
        issued += await db.transaction(async (tx) => {
          const raffle = await store.lockRaffle(tx, raffleId);
          if (raffle?.status !== 'OPEN') return 0;
          let count = 0;
          for (const memberId of await store.entrantsOf(tx, raffleId))
            count += await issueFor(tx, raffle, memberId, at);
          return count;
        });
      }
      return issued;
    },

    /** An operator pauses, resumes or cancels a raffle before its draw (ADR 074). */
    async setStatus(raffleId: bigint, change: SetRaffleStatusFields, actor: string): Promise<PublicRaffle> {
      const row = await db.transaction((tx) => setRaffleStatus(tx, raffleId, change, actor, now()));
      return viewOf(row, 'EN');
    },

    /** Open raffles whose draw time has come by `at`. */
    dueRaffles: (at: Date) => store.dueRaffles(db, at),

    /** Draws one raffle inside `tx` (the draw job's once-only transaction); see raffle-drawing.ts. */
    drawOne: (tx: Executor, raffleId: bigint, at: Date = now()) =>
      drawRaffle({ tx, ledger, issueFor, at }, raffleId),

    async verify(raffleId: bigint): Promise<RaffleVerification> {
      const raffle = await store.findRaffle(db, raffleId);
      if (!raffle) throw notFound(raffleId);
      if (raffle.status !== 'DRAWN' || raffle.closingValue === null)
        throw new AppError('CONFLICT', {
          message: 'This raffle has not been drawn yet: its seed is still secret',
        });
      const winners = await store.winnersOf(db, [raffleId]);
      const checked = verifyRaffle({
        seed: raffle.seed,
        seedHash: raffle.seedHash,
        closingValue: raffle.closingValue,
        ticketCount: raffle.issuedCount,
        publishedTickets: winners.map((winner) => winner.ticketNumber),
      });
      return {
        seedHash: raffle.seedHash,
        seed: raffle.seed,
        closingValue: raffle.closingValue,
        ticketCount: raffle.issuedCount,
        ...checked,
      };
    },
  };
}
export type RafflesService = ReturnType<typeof createRafflesService>;
