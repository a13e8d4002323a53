/**
 * The boundaries of docs/architecture.md, held by `npm run lint` (dependency-cruiser).
 * A module owns its tables: only its own files read its store and schema; other modules go through
 * its service. Routes stay thin. Web features never import each other. Test helpers stay with tests.
 */
const MODULE = '^apps/server/src/modules/([^/]+)/';
const TEST_FILE = '\\.(test|test-helpers)\\.tsx?$|^apps/server/src/test/|^e2e/|^bench/';

/**
 * The cross-module read models of ADR 026: a store that reads (or locks) another module's table in
 * the same statement or transaction, each for a reason that ADR gives. Nothing else may.
 */
const READ_MODELS = {
  'withdrawal/withdrawal.store.ts': ['identity', 'ledger'],
  'withdrawal/payees.store.ts': ['identity', 'wallet'],
  'wallet/wallet.store.ts': ['identity', 'ledger'],
  'wallet/records.store.ts': ['ledger'],
  'vendors/open-rounds.store.ts': ['identity'],
  'vendors/bet-records.store.ts': ['games'],
  'messages/messages.store.ts': ['identity'],
  'identity/identity.store.ts': ['ledger'],
  'games/games.store.ts': ['identity', 'vendors'],
  'deposit/deposit.store.ts': ['identity'],
  'agents/downlines.store.ts': ['identity', 'ledger', 'line'],
  'agents/team-bets.store.ts': ['identity', 'line', 'vendors', 'games'],
  'agents/money.store.ts': ['identity', 'ledger', 'line', 'rollups', 'contracts'],
  'agents/overview.store.ts': ['identity', 'ledger', 'line'],
  'agents/profit-loss.store.ts': ['identity', 'line', 'rollups'],
  'agents/ops-agents.store.ts': ['identity', 'ledger', 'line'],
  'rebates/accruals.store.ts': ['rollups'],
  'promotions/wagering.store.ts': ['vendors'],
  'promotions/eligibility.store.ts': ['identity'],
  'promotions/applications.store.ts': ['identity'],
  'referrals/referrals.store.ts': ['identity'],
  'raffles/ticket-sources.store.ts': ['deposit', 'vendors'],
  'referrals/referral-conditions.store.ts': ['identity', 'deposit', 'vendors', 'wallet'],
  'contracts/settlement/team-figures.store.ts': ['line', 'rollups', 'vendors'],
  'contracts/contract-lists.store.ts': ['identity'],
  'contracts/contract-records.store.ts': ['identity'],
};
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const readModelRules = Object.entries(READ_MODELS).map(([file, owners]) => ({
  name: 'read-model-reads-only-what-it-names',
  comment: `ADR 026 names what ${file} may read of other modules; nothing more.`,
  severity: 'error',
  from: { path: `^apps/server/src/modules/${escapeRegExp(file)}$` },
  to: {
    path: '^apps/server/src/modules/([^/]+)/.+\\.schema\\.ts$',
    pathNot: [
      `^apps/server/src/modules/${file.split('/')[0]}/`,
      ...owners.map((owner) => `^apps/server/src/modules/${owner}/`),
    ],
  },
}));
const readModelFiles = Object.keys(READ_MODELS).map(
  (file) => `^apps/server/src/modules/${escapeRegExp(file)}$`,
);

module.exports = {
  forbidden: [
    {
      name: 'routes-are-thin',
      comment:
        'A routes file calls services; it never queries (drizzle-orm), nor imports a store or a schema.',
      severity: 'error',
      from: { path: '\\.routes\\.ts$' },
      to: { path: ['node_modules/drizzle-orm', '\\.store\\.ts$', '\\.schema\\.ts$'] },
    },
    {
      name: 'module-owns-its-store',
      comment: "A module never imports another module's store: it calls that module's service.",
      severity: 'error',
      from: { path: MODULE, pathNot: TEST_FILE },
      to: {
        path: '^apps/server/src/modules/([^/]+)/.+\\.store\\.ts$',
        pathNot: '^apps/server/src/modules/$1/',
      },
    },
    {
      name: 'module-owns-its-tables',
      comment:
        "A module never reads another module's tables (a schema may reference one by foreign key); the read models of ADR 026 are checked by the rule below.",
      severity: 'error',
      from: { path: MODULE, pathNot: [TEST_FILE, '\\.schema\\.ts$', ...readModelFiles] },
      to: {
        path: '^apps/server/src/modules/([^/]+)/.+\\.schema\\.ts$',
        pathNot: '^apps/server/src/modules/$1/',
      },
    },
    ...readModelRules,
    {
      name: 'web-features-are-independent',
      comment: 'A web feature imports shared/ and contracts, never another feature.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/([^/]+)/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'shared-stands-alone',
      comment:
        'shared/ is used by features and app; it never imports them (imports flow shared → features → app).',
      severity: 'error',
      from: { path: '^apps/web/src/shared/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'test-helpers-stay-with-tests',
      comment: 'Production code never imports a test or a test helper.',
      severity: 'error',
      from: { path: '^(apps|packages)/', pathNot: TEST_FILE },
      to: { path: TEST_FILE },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|\\.tsbuild)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'default'] },
  },
};
