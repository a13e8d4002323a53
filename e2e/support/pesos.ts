/** Minor units as the lottery board writes a payout, with no currency sign: `1,234.50`. */
export const pesoAmount = (minor: number): string =>
  (minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Minor units as the lobby shows an amount: `₱ 1,234.50`. */
export const pesos = (minor: number): string => `₱ ${pesoAmount(minor)}`;
