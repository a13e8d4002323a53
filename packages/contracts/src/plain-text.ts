import { text } from './input-guard.ts';

/**
 * Plain text that people write and operators read (feedback, titles, notes, profile fields) is
 * stripped of markup when it is accepted, so what is stored is inert in any HTML page, even an
 * operator screen that forgets to escape (ADR 024). Stripped, not escaped: every screen we have
 * escapes when it renders, so stored entities would show as `&lt;` there and in exports.
 *
 * In HTML a tag, a comment or a declaration can only begin with `<` followed by a letter, `/`,
 * `!` or `?`; a `<` followed by anything else (`a < b`, `<3`) is text to a browser. Each such
 * opener is removed with everything up to its `>` (or the end), until none is left, so nested
 * tricks (`<<b>script>`) cannot leave one behind.
 */
const MARKUP = /<[A-Za-z/!?][^>]*>?/g;
const OPENER = /<[A-Za-z/!?]/;

export function stripMarkup(value: string): string {
  let stripped = value;
  while (OPENER.test(stripped)) stripped = stripped.replace(MARKUP, '');
  return stripped;
}

/** A guarded string (see input-guard.ts) with its markup stripped; trim and bounds apply after. */
export function plainText() {
  return text().overwrite(stripMarkup);
}
