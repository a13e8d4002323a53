/**
 * What operator HTML may keep, for the server's cleaner (on write and on read) and the lobby's
 * (before display) alike, so the two lines of defence never disagree about a tag.
 */
export const SAFE_HTML_FORMATTING_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  'ul',
  'ol',
  'li',
  'h3',
  'h4',
  'a',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'blockquote',
] as const;

/** Attributes a link keeps; its href only with one of SAFE_HTML_LINK_SCHEMES. */
export const SAFE_HTML_LINK_ATTRIBUTES = ['href', 'title', 'target', 'rel'] as const;
export const SAFE_HTML_LINK_SCHEMES = ['https', 'mailto'] as const;
