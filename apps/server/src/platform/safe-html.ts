import {
  SAFE_HTML_FORMATTING_TAGS,
  SAFE_HTML_LINK_ATTRIBUTES,
  SAFE_HTML_LINK_SCHEMES,
} from '@fortuna/contracts/safe-html';
import sanitizeHtml from 'sanitize-html';

/**
 * HTML written by operators (help articles, announcements, messages) reaches members' browsers.
 * It is cleaned when it is written and again when it is read, so a row written before a rule
 * tightened, or by hand in the database, is still safe. Only plain formatting, https and mailto
 * links (opened without handing the page over: rel=noopener) and, where a profile allows it,
 * images served over https survive; scripts, styles, event handlers and other schemes do not.
 */
const formattingTags = [...SAFE_HTML_FORMATTING_TAGS];

const linkRules = {
  allowedAttributes: { a: [...SAFE_HTML_LINK_ATTRIBUTES] } as Record<string, string[]>,
  allowedSchemes: [...SAFE_HTML_LINK_SCHEMES],
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

const textOnly: sanitizeHtml.IOptions = { allowedTags: formattingTags, ...linkRules };

const withImages: sanitizeHtml.IOptions = {
  ...linkRules,
  allowedTags: [...formattingTags, 'img'],
  allowedAttributes: { ...linkRules.allowedAttributes, img: ['src', 'alt', 'title', 'width', 'height'] },
  allowedSchemesByTag: { img: ['https'] },
};

/** Help articles and messages: formatting and links. */
export function safeTextHtml(html: string): string {
  return sanitizeHtml(html, textOnly);
}

/** Announcement content: formatting, links and https images. */
export function safeContentHtml(html: string): string {
  return sanitizeHtml(html, withImages);
}
