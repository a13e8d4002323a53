/** A message under a field: a translation key and the values it substitutes. */
export interface FieldMessage {
  key: string;
  values?: Record<string, string | number>;
}

/**
 * What a form knows about its failures beyond the server's own words: which field a catalogue
 * code belongs to when the server names none, and which server wordings it can translate.
 */
export interface FailureVocabulary {
  fieldOfCode?: Record<string, string>;
  knownMessage?: (serverMessage: string) => FieldMessage | null;
}
