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

/**
 * The regular expression behind each pattern id, as sent in a field rule's acceptedPattern.
 * Length bounds are separate (minLength/maxLength), so these only judge the characters.
 */
export const PATTERN_SOURCES: Record<PatternId, string> = {
  '1': '^[A-Za-z][A-Za-z0-9]*$',
  '3': '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
  '4': '^[A-Za-z0-9]+$',
  '5': '^(?=.*[A-Za-z])(?=.*\\d)[A-Za-z0-9]+$',
  '6': '^\\d+$',
  '7': '^(?=.*[A-Z])[A-Za-z0-9]+$',
  '8': '^[A-Za-z ]+$',
  '9': '^\\S+$',
  '11': '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$',
  '13': '^(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])-\\d{4}$',
  '15': '^[\\uAC00-\\uD7A3\\u1100-\\u11FF\\u3130-\\u318F]+$',
  '16': '^[\\u0E00-\\u0E7F]+$',
  '20': '^(?=.*[A-Z])(?=.*[a-z])(?=.*\\d)(?=.*[^A-Za-z0-9]).+$',
  '21': '^\\S+( \\S+)+$',
  '22': '^[\\u3040-\\u309F\\u30A0-\\u30FF\\u4E00-\\u9FFF]+$',
  '23': '^[A-Z]+$',
  '*': '*',
};
