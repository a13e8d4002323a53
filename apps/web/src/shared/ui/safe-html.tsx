import {
  SAFE_HTML_FORMATTING_TAGS,
  SAFE_HTML_LINK_ATTRIBUTES,
  SAFE_HTML_LINK_SCHEMES,
} from '@fortuna/contracts/safe-html';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/**
 * The second line of defence for HTML from the database (the server cleans it when it is written
 * and when it is read): formatting, https and mailto links opened with rel=noopener, and https
 * images. Anything else (scripts, handlers, styles, frames, other URL schemes) is dropped here
 * even if it slipped through the server.
 */
const ALLOWED_TAGS = [...SAFE_HTML_FORMATTING_TAGS, 'img'];
const ALLOWED_ATTR = [...SAFE_HTML_LINK_ATTRIBUTES, 'src', 'alt', 'width', 'height'];
const SAFE_URL = new RegExp(`^(?:${SAFE_HTML_LINK_SCHEMES.join('|')}):`, 'i');

let hooked = false;
function purifier(): typeof DOMPurify {
  if (!hooked) {
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A') node.setAttribute('rel', 'noopener noreferrer');
      if (node.tagName === 'IMG' && !/^https:/i.test(node.getAttribute('src') ?? ''))
        node.removeAttribute('src');
    });
    hooked = true;
  }
  return DOMPurify;
}

export function purifyHtml(html: string): string {
  return purifier().sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOWED_URI_REGEXP: SAFE_URL });
}

export function SafeHtml({ html, className, testId }: { html: string; className?: string; testId?: string }) {
  const clean = useMemo(() => purifyHtml(html), [html]);
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the markup has just been cleaned by purifyHtml.
    <div className={className} data-testid={testId} dangerouslySetInnerHTML={{ __html: clean }} />
  );
}
