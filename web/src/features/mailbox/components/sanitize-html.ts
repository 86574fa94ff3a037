/**
 * Keeps a mail's HTML to what a mail reader shows safely: text, paragraphs, line breaks, lists,
 * tables and links to web or mail addresses. Scripts, styles, frames, forms, images, event
 * handlers and every other attribute are dropped; unknown elements give up their text only. The
 * shop escapes what it puts in a mail (docs/decisions/019); this is the reader's own guard.
 */

const KEPT_ELEMENTS = new Set([
  'A',
  'B',
  'BR',
  'DIV',
  'EM',
  'H1',
  'H2',
  'H3',
  'H4',
  'HR',
  'I',
  'LI',
  'OL',
  'P',
  'SPAN',
  'STRONG',
  'TABLE',
  'TBODY',
  'TD',
  'TH',
  'THEAD',
  'TR',
  'UL',
]);

/** Elements whose content is not text to read. */
const DROPPED_WITH_CONTENT = new Set([
  'SCRIPT',
  'STYLE',
  'IFRAME',
  'OBJECT',
  'EMBED',
  'TEMPLATE',
  'NOSCRIPT',
  'SVG',
  'MATH',
  'HEAD',
  'TITLE',
]);

const SAFE_LINK = /^(https?:|mailto:)/i;

function clean(source: Node, target: Node, document: Document) {
  for (const child of Array.from(source.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      target.appendChild(document.createTextNode(child.textContent ?? ''));
      continue;
    }
    if (!(child instanceof Element)) continue;
    const tag = child.tagName.toUpperCase();
    if (DROPPED_WITH_CONTENT.has(tag)) continue;
    if (!KEPT_ELEMENTS.has(tag)) {
      clean(child, target, document);
      continue;
    }
    const copy = document.createElement(tag.toLowerCase());
    const align = child.getAttribute('align');
    if ((tag === 'TD' || tag === 'TH') && align && /^(left|right|center)$/i.test(align))
      copy.setAttribute('align', align.toLowerCase());
    if (tag === 'A') {
      const href = child.getAttribute('href')?.trim() ?? '';
      if (SAFE_LINK.test(href)) {
        copy.setAttribute('href', href);
        copy.setAttribute('target', '_blank');
        copy.setAttribute('rel', 'noopener noreferrer');
      }
    }
    clean(child, copy, document);
    target.appendChild(copy);
  }
}

/** The mail's HTML with only the safe parts left, as markup. */
export function sanitizeMailHtml(html: string): string {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  const container = document.createElement('div');
  clean(parsed.body, container, document);
  return container.innerHTML;
}
