/**
 * A mail's template with its values as the mail's subject, plain text and HTML (docs/decisions/107):
 * the one renderer, used by the API for every mail it writes and by the dashboard's preview of a
 * draft. The owner's Markdown goes through the pages' safe markdown-it (no raw HTML, only safe
 * addresses); the values go in after it, each escaped, so a customer's words are never markup or
 * Markdown. A words value in a link's address is percent-encoded: it can never start an address.
 *
 * Imported as '@sprocket/contract/mail-render', never through the contract's index (markdown-it).
 */
import { isSafeAddress, safeMarkdown } from '../pages/page-markdown.js';
import {
  MAIL_PLACEHOLDERS,
  PLACEHOLDER_PATTERN,
  type MailTemplateText,
  type MailValue,
  type MailValues,
  type PlaceholderShape,
} from './mail-templates.js';

type Rows = Exclude<MailValue, string>;

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Every value in a mail's HTML came from someone's typing: none of it is markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** Rows as the plain text shows them: labels padded to one width, then the values. */
export function rowsText(rows: Rows): string {
  const width = Math.max(0, ...rows.map(([label]) => label.length));
  return rows.map(([label, value]) => `${label.padEnd(width)}  ${value}`).join('\n');
}

/** Rows as a small table, the values to the right. */
export const rowsHtml = (rows: Rows): string =>
  rows.length === 0
    ? ''
    : `<table cellpadding="4">${rows
        .map(
          ([label, value]) =>
            `<tr><td>${escapeHtml(label)}</td><td align="right">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`;

const markdown = safeMarkdown({ breaks: true });

const shapeOf = (name: string): PlaceholderShape =>
  Object.hasOwn(MAIL_PLACEHOLDERS, name)
    ? MAIL_PLACEHOLDERS[name as keyof typeof MAIL_PLACEHOLDERS].shape
    : 'words';

const valueOf = (values: MailValues, name: string): MailValue =>
  (Object.hasOwn(values, name) ? values[name as keyof MailValues] : undefined) ?? '';

const hasValue = (value: MailValue) =>
  typeof value === 'string' ? value.trim() !== '' : value.length > 0;

const wordsOf = (value: MailValue) => (typeof value === 'string' ? value : rowsText(value));

/**
 * The body's paragraphs that stay: one that uses an optional placeholder with no value in this
 * mail (a guest's link for a customer with an account, a tracking link the shop knows none of) is
 * left out, so a template needs no conditions.
 */
function keptParagraphs(body: string, values: MailValues): string[] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .filter((paragraph) => paragraph.trim() !== '')
    .filter((paragraph) =>
      [...paragraph.matchAll(PLACEHOLDER_PATTERN)].every(([, name = '']) => {
        const info = Object.hasOwn(MAIL_PLACEHOLDERS, name)
          ? (MAIL_PLACEHOLDERS[name as keyof typeof MAIL_PLACEHOLDERS] as { optional?: true })
          : {};
        return !info.optional || hasValue(valueOf(values, name));
      }),
    );
}

const fill = (text: string, values: MailValues) =>
  text.replace(PLACEHOLDER_PATTERN, (_match, name: string) => wordsOf(valueOf(values, name)));

/** A Markdown link or image: its label and its address. */
const LINK = /(!?)\[([^\]]*)\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g;

/**
 * The plain-text part: the Markdown as written, a link alone on its line as "label: address",
 * one within a sentence as "label (address)", then the values as they are.
 */
function plainText(paragraphs: string[], values: MailValues): string {
  return paragraphs
    .map((paragraph) =>
      paragraph
        .split('\n')
        .map((line) => {
          const alone = line.trim().replace(LINK, '') === '';
          const linked = line.replace(LINK, (_match, image: string, label: string, url: string) =>
            image ? label : alone ? `${label}: ${url}` : `${label} (${url})`,
          );
          return fill(linked, values);
        })
        .join('\n'),
    )
    .join('\n\n')
    .trim();
}

/** A slot for a placeholder in the Markdown: letters only, so markdown-it leaves it as it is. */
const slot = (index: number) => `mailslot${index}x`;
const SLOT = /mailslot(\d+)x/g;

/** The HTML part: the owner's Markdown rendered safe, then each slot filled with its value, escaped. */
function html(paragraphs: string[], values: MailValues): string {
  const names: string[] = [];
  const slotted = paragraphs
    .join('\n\n')
    .replace(PLACEHOLDER_PATTERN, (_match, name: string) => slot(names.push(name) - 1));
  const rendered = markdown.render(slotted);
  const nameOf = (index: string) => names[Number(index)] ?? '';
  // A table alone in its paragraph takes the paragraph's place.
  const tabled = rendered.replace(/<p>mailslot(\d+)x<\/p>\n?/g, (match, index: string) => {
    const value = valueOf(values, nameOf(index));
    return typeof value === 'string' ? match : rowsHtml(value);
  });
  return tabled
    .split(/(<[^>]*>)/)
    .map((part) =>
      part.startsWith('<') ? fillTag(part, values, nameOf) : fillText(part, values, nameOf),
    )
    .join('');
}

/** Slots within a tag: an address where the tag takes one, else escaped words. */
function fillTag(tag: string, values: MailValues, nameOf: (index: string) => string): string {
  const inAddresses = tag.replace(
    /(\s(?:href|src)=")([^"]*)(")/g,
    (_match, open: string, address: string, close: string) =>
      open +
      address.replace(SLOT, (_slot, index: string) => {
        const name = nameOf(index);
        const value = valueOf(values, name);
        if (typeof value !== 'string') return '';
        if (shapeOf(name) === 'link') return isSafeAddress(value) ? escapeHtml(value) : '';
        return escapeHtml(encodeURIComponent(value));
      }) +
      close,
  );
  return inAddresses.replace(SLOT, (_slot, index: string) =>
    escapeHtml(wordsOf(valueOf(values, nameOf(index)))),
  );
}

/** Slots within the text: words escaped (a line break kept), an address as its link, rows as a table. */
function fillText(text: string, values: MailValues, nameOf: (index: string) => string): string {
  return text.replace(SLOT, (_slot, index: string) => {
    const name = nameOf(index);
    const value = valueOf(values, name);
    if (typeof value !== 'string') return rowsHtml(value);
    if (shapeOf(name) === 'link' && value !== '' && isSafeAddress(value)) {
      return `<a href="${escapeHtml(value)}">${escapeHtml(value)}</a>`;
    }
    return escapeHtml(value).replace(/\n/g, '<br>');
  });
}

/** The mail a template makes with these values, in the Trigger Email extension's `message` shape. */
export function renderMailTemplate(
  template: MailTemplateText,
  values: MailValues,
): { subject: string; text: string; html: string } {
  const paragraphs = keptParagraphs(template.body, values);
  return {
    subject: fill(template.subject, values)
      .replace(/\s*\n\s*/g, ' ')
      .trim(),
    text: plainText(paragraphs, values),
    html: html(paragraphs, values),
  };
}
