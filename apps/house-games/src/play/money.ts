/**
 * The house games' one money format (the slot's): minor units as two decimals with thousands
 * separators, 1,234.50. public/money.js is the same for the pages' scripts.
 */
export function formatMinor(minor: number | string): string {
  return (Number(minor) / 100).toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
}
