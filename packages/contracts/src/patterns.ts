/** Pattern ids of spec 5 for server-driven field rules; '*' matches everything. */
export const PATTERN_IDS = [
  '1',
  '3',
  '4',
  '5',
  '6',
  '7',
  '8',
  '9',
  '11',
  '13',
  '15',
  '16',
  '20',
  '21',
  '22',
  '23',
  '*',
] as const;
export type PatternId = (typeof PATTERN_IDS)[number];
