/**
 * A page's Markdown as HTML (docs/decisions/094): the one renderer, used by the API for the pages
 * it answers and by the dashboard's preview, so the preview is the page. Sanitised by what the
 * renderer lets through: no raw HTML (markdown-it's `html: false` writes it out as text) and no
 * link or image address but http(s), mailto, tel, a path or an anchor (markdown-it's
 * validateLink, narrowed). A "#" heading is an h2, as "##" is: the page's title is its only h1.
 *
 * Imported as '@sprocket/contract/page-markdown', never through the contract's index, so the
 * storefront's scripts do not carry markdown-it: public pages get the HTML from the API.
 */
import MarkdownIt from 'markdown-it';

/** An address's scheme ("javascript" of "javascript:alert(1)"); none for a path or an anchor. */
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
/** The schemes a page may link to or show: the web, mail and phone. */
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);

/** Whether a link or image may go to `url`: the web, mail and phone, a path or an anchor. */
export function isSafeAddress(url: string): boolean {
  const scheme = SCHEME.exec(url.trim())?.[1];
  return scheme === undefined || SAFE_SCHEMES.has(scheme.toLowerCase());
}

/**
 * A markdown-it that writes no raw HTML and links only to safe addresses: the pages' and, with
 * `breaks` (a line break in a mail's text is one in the mail), the mails' (docs/decisions/107).
 */
export function safeMarkdown(options: { breaks: boolean }): MarkdownIt {
  const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false, ...options });
  // Called with the address as markdown-it normalised it (entities read, the rest percent-encoded).
  markdown.validateLink = isSafeAddress;

  // "# Shipping" in the text is a section of the page, as "## Shipping" is: the page's title is its h1.
  const sectionTag = (tag: string) => `h${Math.max(2, Number(tag.slice(1)))}`;
  for (const rule of ['heading_open', 'heading_close'] as const) {
    markdown.renderer.rules[rule] = (tokens, index, options, _env, self) => {
      const token = tokens[index]!;
      token.tag = sectionTag(token.tag);
      return self.renderToken(tokens, index, options);
    };
  }
  return markdown;
}

const markdown = safeMarkdown({ breaks: false });

// A link that leaves the shop opens as any other, but tells the other site nothing of it.
const defaultLinkOpen =
  markdown.renderer.rules.link_open ??
  ((tokens, index, options, _env, self) => self.renderToken(tokens, index, options));
markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  const token = tokens[index]!;
  if (/^https?:/i.test(token.attrGet('href') ?? '')) token.attrSet('rel', 'noopener noreferrer');
  return defaultLinkOpen(tokens, index, options, env, self);
};

/** The page's text as HTML that holds no markup, script or address the owner did not write as Markdown. */
export const renderPageMarkdown = (text: string): string => markdown.render(text);

/** The words of rendered HTML, as a search result shows them: tags out, entities read, spaces folded. */
export function plainTextOf(html: string): string {
  return (
    html
      // A block ends a word; bold or a link does not ("<strong>30 days</strong>.").
      .replace(/<\/?(?:p|h[1-6]|li|ul|ol|blockquote|pre|table|tr|td|th|br|hr)\b[^>]*>/g, ' ')
      .replace(/<[^>]*>/g, '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&')
      .replace(/\s+/g, ' ')
      .trim()
  );
}
