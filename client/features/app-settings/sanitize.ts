/**
 * The footer's bottom line is HTML written by an application's operator (product-core.md §2, partner
 * footer). It is sanitised with DOMPurify before it reaches the DOM: inline formatting and links only,
 * links to http(s), mailto or same-site paths, and every link opens safely in a new tab.
 */
import DOMPurify from 'dompurify';

const purifier = DOMPurify();
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

const allowedTags = ['a', 'b', 'strong', 'i', 'em', 'u', 'small', 'span', 'br'];

/** The operator's HTML reduced to inline formatting and safe links. */
export function sanitizeFooterHtml(html: string): string {
  return purifier.sanitize(html, {
    ALLOWED_TAGS: allowedTags,
    ALLOWED_ATTR: ['href', 'title'],
    ALLOWED_URI_REGEXP: /^(?:https?:\/\/|mailto:|\/(?!\/))/i,
  });
}
