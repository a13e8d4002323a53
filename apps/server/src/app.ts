import { randomUUID } from 'node:crypto';
import formBody from '@fastify/formbody';
import { STREAMS_PER_SESSION } from '@fortuna/contracts/events';
import { HOUSE_VENDOR_CODE } from '@fortuna/contracts/games';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { registerAgents } from './modules/agents/agents.module.ts';
import { registerContent } from './modules/content/content.module.ts';
import { registerContracts } from './modules/contracts/contracts.module.ts';
import { createApprovalThreshold } from './modules/contracts/settlement/approval-threshold.ts';
import { contractSettlementJobs } from './modules/contracts/settlement/settlement-jobs.ts';
import { registerDeposit } from './modules/deposit/deposit.module.ts';
import { depositExpiryJob } from './modules/deposit/deposit-expiry.ts';
import { depositPromotionsSweepJob } from './modules/deposit/deposit-promotions.ts';
import { createGatewayClient } from './modules/deposit/gateway-client.ts';
import { memberStreamRoutes } from './modules/events/member-stream.routes.ts';
import { registerFeedback } from './modules/feedback/feedback.module.ts';
import { registerGames } from './modules/games/games.module.ts';
import { registerIdentity } from './modules/identity/identity.module.ts';
import { createIdentityService } from './modules/identity/identity.service.ts';
import { registerLedger } from './modules/ledger/ledger.module.ts';
import { createLedgerService } from './modules/ledger/ledger.service.ts';
import { createHouseLotteryOperator } from './modules/lottery-ops/house-lottery-operator.ts';
import { lotteryOpsRoutes } from './modules/lottery-ops/lottery-ops.routes.ts';
import { hasOutbox } from './modules/mail/log-mailer.ts';
import { mailRoutes } from './modules/mail/mail.routes.ts';
import { createMailer, type Mailer } from './modules/mail/mailer.ts';
import { registerMessages } from './modules/messages/messages.module.ts';
import { recordAudit } from './modules/operators/audit.ts';
import { createOperatorGuards, operatorOf } from './modules/operators/operator-guards.ts';
import { registerOperators } from './modules/operators/operators.module.ts';
import { opsRoutes } from './modules/ops/ops.routes.ts';
import { registerPromotions } from './modules/promotions/promotions.module.ts';
import { registerRaffles } from './modules/raffles/raffles.module.ts';
import { registerRebates } from './modules/rebates/rebates.module.ts';
import { registerReferrals } from './modules/referrals/referrals.module.ts';
import type { ReferralsService } from './modules/referrals/referrals.service.ts';
import { teamFoldJob } from './modules/rollups/team-fold.ts';
import { registerSocialLogin } from './modules/social/social.module.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { createSystemService } from './modules/system/system.service.ts';
import { createVendorRegistry } from './modules/vendors/vendor-registry.ts';
import { registerVendors } from './modules/vendors/vendors.module.ts';
import {
  createHttpSmsProvider,
  createLogSmsProvider,
  type SmsProvider,
} from './modules/verification/sms-provider.ts';
import { verificationRoutes } from './modules/verification/verification.routes.ts';
import { createVerificationService } from './modules/verification/verification.service.ts';
import { registerWallet } from './modules/wallet/wallet.module.ts';
import { autoReceiptJob } from './modules/withdrawal/auto-receipt.ts';
import { registerWithdrawal } from './modules/withdrawal/withdrawal.module.ts';
import { type AfterAnswer, createAfterAnswer } from './platform/after-answer.ts';
import { createAuthGuards } from './platform/auth.ts';
import { BODY_LIMIT_BYTES } from './platform/body-limits.ts';
import { registerCompression } from './platform/compression.ts';
import { drainConnectionsOnClose } from './platform/connection-drain.ts';
import type { DatabaseHandle } from './platform/db/database.ts';
import { registerErrorHandler } from './platform/error-handler.ts';
import type { EventBus } from './platform/events.ts';
import type { CountryLookup } from './platform/geoip.ts';
import { registerHealth } from './platform/health.ts';
import { housekeepingJob, oldJobHistoryTask } from './platform/housekeeping.ts';
import { createJobQueue } from './platform/jobs/job-queue.ts';
import { jobsOpsRoutes } from './platform/jobs/jobs-ops.routes.ts';
import { createMemberEvents, type MemberEvents } from './platform/member-events.ts';
import { registerOpenApi } from './platform/openapi.ts';
import { createRateCounter, type RateCounter } from './platform/rate-limit.ts';
import { redisSpaceOf } from './platform/redis.ts';
import { registerRequestLog } from './platform/request-log.ts';
import { registerSealedBodies } from './platform/sealed-body/sealed-body.ts';
import { loadSealingKey } from './platform/sealed-body/sealing-keys.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { createStreamSlots } from './platform/stream-slots.ts';
import { registerWebApp } from './platform/web-app.ts';
import { houseLaunchOf, playDemoRounds } from './seed/demo-rounds.ts';
import { operatorSecretsKeyring } from './start-up/operator-secrets-keyring.ts';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  events: EventBus;
  countryOf?: CountryLookup;
  /** Tests pass their own; otherwise built from MAIL_TRANSPORT. Closed with the app either way. */
  mailer?: Mailer;
  /** Tests pass their own; otherwise built from REDIS_URL (in-process without). Closed with the app if built. */
  counter?: RateCounter;
  /** Tests pass their own; otherwise built from SMS_PROVIDER. */
  sms?: SmsProvider;
  /** Events to one member's open pages; otherwise built from REDIS_URL. Closed with the app either way. */
  memberEvents?: MemberEvents;
  /** Work done after the answer (mails, SMS codes); tests pass their own to hold it back. */
  afterAnswer?: AfterAnswer;
  /** Tests pass `false` to keep their output quiet. */
  logger?: boolean;
  /**
   * Start the job queue with the app (main.ts does; JOB_WORKERS says whether this node also runs
   * jobs). Tests leave it off unless they test scheduled work: it costs each app a second.
   */
  jobs?: boolean;
  /**
   * Told when a ledger posting's balance events are lost because its transaction was not opened
   * with `inTransaction` (the member's header would keep the old balance): logged as a warning
   * unless given. Tests pass one that throws, so such a path fails its own tests.
   */
  lostBalanceEvent?: (message: string) => void;
}

/** Builds the platform: external plugins, then platform plugins, then the business modules. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, database, events } = deps;
  const app = Fastify({
    logger: deps.logger === false ? false : { level: config.LOG_LEVEL },
    trustProxy: config.TRUSTED_PROXIES.length > 0 ? config.TRUSTED_PROXIES : false,
    // Our own ids only: a client-chosen id could forge or collide with other requests in the logs.
    requestIdHeader: false,
    genReqId: () => randomUUID(),
    bodyLimit: BODY_LIMIT_BYTES.default,
    // While closing, requests already on open connections are still answered (SHUTDOWN_TIMEOUT_MS
    // bounds the wait) and /readyz says NOT_READY, instead of Fastify's own un-enveloped 503.
    return503OnClosing: false,
    // Fastify's two log lines per request would cost the hot calls a third of their throughput;
    // platform/request-log.ts logs one line per failed request and keeps successes at debug level.
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();

  drainConnectionsOnClose(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerRequestLog(app);
  registerErrorHandler(app);
  await registerSecurityHeaders(app, {
    publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    houseGamesUrl: config.HOUSE_GAMES_URL,
    // Read per request; the system service is built below and exists before the first request.
    launchHosts: () => system.siteInfo().launchGameCDNs,
  });
  await registerCompression(app);
  await registerOpenApi(app);
  // Spec 7.1: forgot password by e-mail posts a form, not JSON.
  await app.register(formBody);

  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  registerHealth(app, async () => {
    if (closing) return false;
    await database.ping();
    return true;
  });

  const sealingKey = await loadSealingKey(database.db);
  registerSealedBodies(app, sealingKey);

  const system = createSystemService({
    db: database.db,
    events,
    countryOf: deps.countryOf ?? (() => null),
    log: app.log,
  });
  await system.start();
  app.addHook('onClose', async () => system.stop());

  await app.register(systemRoutes, { system });

  const mailer = deps.mailer ?? createMailer(config, app.log);
  app.addHook('onClose', async () => mailer.close());
  // The outboxes hand out login codes and reset links: only when development aids are asked for.
  const devEndpoints = config.DEV_ENDPOINTS === 'on';
  if (devEndpoints && hasOutbox(mailer)) await app.register(mailRoutes, { outbox: mailer.outbox });

  const redis = redisSpaceOf(config);
  const counter = deps.counter ?? (await createRateCounter(redis));
  if (!deps.counter) app.addHook('onClose', async () => counter.close());
  // Registered after the mailer and the counter, so closing (last hook first) lets the work finish
  // before they close.
  const afterAnswer = deps.afterAnswer ?? createAfterAnswer(app.log);
  app.addHook('onClose', () => afterAnswer.settle());
  const logSms = config.SMS_PROVIDER === 'log' && !deps.sms ? createLogSmsProvider(app.log) : undefined;
  const sms =
    deps.sms ??
    logSms ??
    createHttpSmsProvider({ url: config.SMS_GATEWAY_URL ?? '', token: config.SMS_GATEWAY_TOKEN });
  const verification = createVerificationService({
    db: database.db,
    counter,
    sms,
    afterAnswer,
    // Identity is built next and needs this service; the lookup is only called per request.
    isRegisteredMobile: (dialingCode, mobileNum) => identity.isRegisteredMobile(dialingCode, mobileNum),
    keepCaptchaTexts: devEndpoints,
  });
  await app.register(verificationRoutes, {
    verification,
    smsOutbox: devEndpoints ? logSms?.outbox : undefined,
    captchaPeek: devEndpoints,
  });

  const memberEvents =
    deps.memberEvents ??
    (await createMemberEvents(redis, (error, message) => app.log.error({ err: error }, message)));
  app.addHook('onClose', async () => memberEvents.close());
  const streamSlots = await createStreamSlots(redis, STREAMS_PER_SESSION);
  app.addHook('onClose', async () => streamSlots.close());
  // Made once promotions are (its rewards are grants); a registration before that records no referral.
  let referrals: ReferralsService | undefined;
  const identity = createIdentityService({
    db: database.db,
    registered: (memberId, referralCode) =>
      referrals?.recordRegistration(memberId, referralCode) ?? Promise.resolve(),
    // Ended sessions end their open event streams on every node.
    sessionsEnded: (memberId, sessions) => void memberEvents.end(memberId, { sessions }, 'session-ended'),
    counter,
    verification,
    site: system,
    mailer,
    afterAnswer,
    log: app.log,
    sessionPolicy: { idleMinutes: config.SESSION_IDLE_MINUTES, maxHours: config.SESSION_MAX_HOURS },
    publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
  });
  const guards = createAuthGuards((token) => identity.sessions.authenticate(token));
  // Operator calls: operator session tokens, or the OPS_TOKEN break-glass secret as an ADMIN.
  const operatorGuards = createOperatorGuards({ db: database.db, opsToken: config.OPS_TOKEN });
  await registerOperators(app, {
    db: database.db,
    counter,
    captcha: (captchaId, answer) => verification.consumeCaptcha(captchaId, answer),
    secrets: operatorSecretsKeyring(config),
    operatorGuards,
  });
  await registerIdentity(app, { identity, site: system, guards });

  await app.register(memberStreamRoutes, {
    memberEvents,
    guards,
    slots: streamSlots,
    sessionTimeLeftMs: (hash) => identity.sessions.timeLeftMs(hash),
  });
  await registerMessages(app, {
    db: database.db,
    memberEvents,
    guards,
    operatorGuards,
    sessionWithUnreadCount: (token) => identity.sessions.authenticateWithUnreadCount(token),
  });
  await registerFeedback(app, { db: database.db, counter, captcha: verification, guards, operatorGuards });
  const content = await registerContent(app, {
    db: database.db,
    events,
    memberEvents,
    guards,
    operatorGuards,
    sessions: identity.sessions,
    defaultLanguage: () => system.siteInfo().defaultLanguage,
  });
  const ledger = createLedgerService({
    db: database.db,
    currency: () => system.siteInfo().currency.code,
    memberEvents,
    warn: deps.lostBalanceEvent ?? ((message) => app.log.warn(message)),
  });
  await registerLedger(app, {
    site: system,
    sessionWithMainBalance: (token) => identity.sessions.authenticateWithMainBalance(token),
  });
  const { paymentPasswords } = await registerWallet(app, {
    db: database.db,
    ledger,
    site: system,
    counter,
    guards,
    operatorGuards,
  });
  // Scheduled work on the job queue (platform/jobs, ADR 019). Every minute: paid withdrawals
  // unconfirmed past their deadline count as received (spec 4.10), and deposit orders unpaid past
  // their lifetime expire (ADR 012); every ten minutes, housekeeping.
  const jobQueue = createJobQueue({ database, log: app.log, workers: config.JOB_WORKERS === 'on' });
  const gmtOffset = () => system.siteInfo().gmtOffset;
  jobQueue.define(autoReceiptJob(database.db, gmtOffset));
  jobQueue.define(depositExpiryJob(database.db, gmtOffset));
  // Continuously: the team rollups fold what the member rollups gained (ADR 035).
  const stoppingJobs = new AbortController();
  jobQueue.define(teamFoldJob({ db: database.db, stopping: stoppingJobs.signal }));
  // Agents' contracts: salaries and dividends settled once per closed period, bills retried (ADR 038).
  // Bills above the approval threshold wait for an operator: an operator's setting, or else the
  // configuration's (ADR 048).
  const approvalThreshold = createApprovalThreshold({
    db: database.db,
    configuredAboveMinor:
      config.CONTRACT_BILL_APPROVAL_ABOVE_MINOR === undefined
        ? null
        : BigInt(config.CONTRACT_BILL_APPROVAL_ABOVE_MINOR),
  });
  for (const job of contractSettlementJobs({
    db: database.db,
    ledger,
    gmtOffset,
    salaryPaymentDelayDays: config.CONTRACT_SALARY_PAYMENT_DELAY_DAYS,
    approvalThreshold: approvalThreshold.aboveMinorOf,
  }))
    jobQueue.define(job);
  jobQueue.define(
    housekeepingJob({
      db: database.db,
      gmtOffset,
      log: app.log,
      tasks: [
        { name: 'expired verification challenges and codes', run: () => verification.purgeExpired() },
        { name: 'expired password reset links', run: () => identity.purgeExpired() },
        oldJobHistoryTask(database.db, () => jobQueue.jobs),
      ],
    }),
  );
  await registerSocialLogin(app, { config, accounts: identity.accounts, counter });

  // Bonus money with wagering (ADR 045): the first deposit's bonus is granted once it is credited (ADR 078).
  const promotions = await registerPromotions(app, {
    db: database.db,
    ledger,
    guards,
    operatorGuards,
    jobQueue,
    events,
    gmtOffset,
  });
  // Invite friends (ADR 060): a friend's condition met rewards the member once, from a promotion.
  referrals = await registerReferrals(app, {
    db: database.db,
    promotions,
    guards,
    operatorGuards,
    jobQueue,
    gmtOffset,
  });
  // A new-player bonus is refused to an account sharing traits with one that had it (ADR 066).
  promotions.useSharedAccounts(referrals.sharedAccounts);
  // The raffle (ADR 067): tickets from deposits and valid bets, a verifiable draw, prizes paid once.
  await registerRaffles(app, { db: database.db, ledger, guards, operatorGuards, jobQueue, gmtOffset });
  // After the promotions: a withdrawal of real money forfeits a wagering bonus or is refused (ADR 059).
  await registerWithdrawal(app, {
    db: database.db,
    ledger,
    paymentPasswords,
    site: system,
    settleBonuses: (tx, memberId) => promotions.settleForWithdrawal(tx, memberId),
    guards,
    operatorGuards,
  });
  const deposits = await registerDeposit(app, {
    db: database.db,
    ledger,
    // After the credit commits, off the callback's path (ADR 078).
    grantsOnCredit: async (tx, deposit) => (await promotions.grantsOnDeposit(tx, deposit)).postings,
    afterAnswer,
    gateway:
      config.PAYMENT_GATEWAY_URL && config.PAYMENT_GATEWAY_SECRET
        ? createGatewayClient({ url: config.PAYMENT_GATEWAY_URL, secret: config.PAYMENT_GATEWAY_SECRET })
        : null,
    currency: () => system.siteInfo().currency.code,
    // The gateway calls back here and sends payers back here.
    publicUrl: config.PUBLIC_URL ?? `http://127.0.0.1:${config.PORT}`,
    log: app.log,
    guards,
    operatorGuards,
  });
  if (deposits.promotions) {
    // A deposit whose node died between its credit and its grant is granted within seconds (ADR 078).
    jobQueue.define(
      depositPromotionsSweepJob({ promotions: deposits.promotions, stopping: stoppingJobs.signal }),
    );
  }

  const vendors = createVendorRegistry({ db: database.db });
  if (config.HOUSE_VENDOR_SECRET) await vendors.useSecret(HOUSE_VENDOR_CODE, config.HOUSE_VENDOR_SECRET);
  const catalogue = await registerGames(app, {
    db: database.db,
    events,
    counter,
    guards,
    registry: vendors,
    house:
      config.HOUSE_GAMES_URL && config.HOUSE_VENDOR_SECRET
        ? { url: config.HOUSE_GAMES_URL, secret: config.HOUSE_VENDOR_SECRET }
        : null,
    launchHosts: () => system.siteInfo().launchGameCDNs,
    prizeModes: config.LOTTERY_PRIZE_MODES,
    publicOrigin: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
  });
  await app.register(lotteryOpsRoutes, {
    db: database.db,
    source:
      config.HOUSE_GAMES_URL && config.HOUSE_LOTTERY_OPERATOR_SECRET
        ? createHouseLotteryOperator({
            baseUrl: config.HOUSE_GAMES_URL,
            secret: config.HOUSE_LOTTERY_OPERATOR_SECRET,
          })
        : null,
    operatorGuards,
  });
  await registerVendors(app, {
    db: database.db,
    ledger,
    registry: vendors,
    currency: () => system.siteInfo().currency.code,
    gameCategory: catalogue.categoryOf,
    bonusFate: promotions.bonusFateOf,
    warn: (message) => app.log.warn(message),
    guards,
    operatorGuards,
    house:
      config.HOUSE_GAMES_URL && config.HOUSE_VENDOR_SECRET
        ? { url: config.HOUSE_GAMES_URL, secret: config.HOUSE_VENDOR_SECRET }
        : null,
  });
  if (config.DEMO_DATA === 'on' && config.HOUSE_GAMES_URL) {
    // Once the vendor API listens (the house games settle through it): the board's first winners.
    app.addHook('onListen', async () => {
      playDemoRounds({ db: database.db, launch: houseLaunchOf(catalogue.launcher), log: app.log }).catch(
        (error: unknown) =>
          app.log.warn({ err: error }, 'the demo regulars could not play: home shows no winners yet'),
      );
    });
  }

  await registerAgents(app, {
    db: database.db,
    accounts: identity.downlines,
    counter,
    site: () => system.siteInfo(),
    publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    guards,
    operatorGuards,
  });
  await registerContracts(app, {
    db: database.db,
    ledger,
    site: () => system.siteInfo(),
    isFlagOn: system.isFlagOn,
    guards,
    operatorGuards,
    approvalThreshold,
  });

  // Daily cashback of valid bets, and its manual claim with MANPLAYREB3 (ADR 039).
  await registerRebates(app, {
    db: database.db,
    ledger,
    gmtOffset,
    claimEnabled: () => system.isFlagOn('MANPLAYREB3'),
    guards,
    operatorGuards,
    jobQueue,
  });

  await app.register(jobsOpsRoutes, {
    db: database.db,
    queue: jobQueue,
    workers: config.JOB_WORKERS === 'on',
    futureRuns: devEndpoints,
    admin: operatorGuards.require('ADMIN'),
    audit: (request, action, target, details) =>
      recordAudit(database.db, {
        actor: operatorOf(request).actor,
        action,
        targetType: 'job',
        targetId: target,
        details,
      }),
  });
  if (deps.jobs) {
    await jobQueue.start();
    // Runs in progress get the same grace as requests in flight (ADR 005).
    app.addHook('onClose', () => {
      stoppingJobs.abort();
      return jobQueue.stop(config.SHUTDOWN_TIMEOUT_MS);
    });
  }

  await app.register(opsRoutes, { system, operatorGuards });
  await registerWebApp(app, config.WEB_DIST_DIR, { homeFirstBanner: content.homeFirstBanner });
  return app;
}
