// One money format for every house game (the slot's): two decimals with thousands separators,
// 1,234.50. Loaded before each game's script, which uses `money`; src/play/money.ts formats the
// server-drawn amounts the same way (money.test.ts holds them together).
// biome-ignore lint/correctness/noUnusedVariables: used by the game scripts loaded after this one
const money = (minor) =>
  minor === null || minor === undefined
    ? '—'
    : (Number(minor) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
