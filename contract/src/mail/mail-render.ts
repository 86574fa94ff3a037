/**
 * A mail's template with its values as the mail's subject, plain text and HTML (docs/decisions/107):
 * the one renderer, used by the API for every mail it writes and by the dashboard's preview of a
 * draft. The owner's Markdown goes through the pages' safe markdown-it (no raw HTML, only safe
 * addresses); the values go in after it, each escaped, so a customer's words are never markup or
 * Markdown. A words value in a link's address is percent-encoded: it can never start an address.
 *
 * Imported as '@sprocket/contract/mail-render', never through the contract's index (markdown-it).
 */
import { keptIn } from '../kept-in.js';
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

/** A body's paragraphs, each with the optional placeholders it uses. */
const paragraphsOf = memo((body) =>
  body
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .filter((paragraph) => paragraph.trim() !== '')
    .map((text) => ({
      text,
      optional: [...text.matchAll(PLACEHOLDER_PATTERN)]
        .map(([, name = '']) => name)
        .filter(
          (name) =>
            Object.hasOwn(MAIL_PLACEHOLDERS, name) &&
            (MAIL_PLACEHOLDERS[name as keyof typeof MAIL_PLACEHOLDERS] as { optional?: true })
              .optional,
        ),
    })),
);

/**
 * The body's paragraphs that stay: one that uses an optional placeholder with no value in this
 * mail (a guest's link for a customer with an account, a tracking link the shop knows none of) is
 * left out, so a template needs no conditions.
 */
const keptParagraphs = (body: string, values: MailValues): string[] =>
  paragraphsOf(body)
    .filter(({ optional }) => optional.every((name) => hasValue(valueOf(values, name))))
    .map(({ text }) => text);

const fill = (text: string, values: MailValues) =>
  text.replace(PLACEHOLDER_PATTERN, (_match, name: string) => wordsOf(valueOf(values, name)));

/** A Markdown link or image: its label and its address. */
const LINK = /(!?)\[([^\]]*)\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g;

/**
 * What a template's own words make, kept by their text: the same for every mail they are in, and
 * worked out once (markdown-it's render is most of a mail's cost, and every order sends two).
 * Bounded: a dashboard's previews of drafts may bring any number of texts.
 */
function memo<T>(compute: (text: string) => T): (text: string) => T {
  const MAX_KEPT = 200;
  const kept = new Map<string, T>();
  return (text) => keptIn(kept, text, MAX_KEPT, () => compute(text));
}

/** A piece of a mail's text or HTML: the template's own, or a slot filled with the mail's values. */
type Piece = string | ((values: MailValues) => string);

const fillPieces = (pieces: readonly Piece[], values: MailValues) =>
  pieces.map((piece) => (typeof piece === 'string' ? piece : piece(values))).join('');

/**
 * A line of the plain text as written: a link alone on its line as "label: address", one within
 * a sentence as "label (address)".
 */
function plainLine(line: string): string {
  const alone = line.trim().replace(LINK, '') === '';
  return line.replace(LINK, (_match, image: string, label: string, url: string) =>
    image ? label : alone ? `${label}: ${url}` : `${label} (${url})`,
  );
}

/** The plain text of these paragraphs, line by line (plainLine), cut where each value goes. */
const plainPieces = memo((text): Piece[] =>
  text.split('\n').flatMap((line, index) => {
    const written = plainLine(line);
    const pieces: Piece[] = index === 0 ? [] : ['\n'];
    let done = 0;
    for (const placeholder of written.matchAll(PLACEHOLDER_PATTERN)) {
      const name = placeholder[1] ?? '';
      pieces.push(written.slice(done, placeholder.index), (values) =>
        wordsOf(valueOf(values, name)),
      );
      done = placeholder.index + placeholder[0].length;
    }
    pieces.push(written.slice(done));
    return pieces;
  }),
);

/** The plain-text part: the Markdown as written (plainLine), then the values as they are. */
const plainText = (paragraphs: string[], values: MailValues): string =>
  fillPieces(plainPieces(paragraphs.join('\n\n')), values).trim();

/** A slot for a placeholder in the Markdown: letters only, so markdown-it leaves it as it is. */
const slot = (index: number) => `mailslot${index}x`;
const SLOT = /mailslot(\d+)x/g;

const HAS_SLOT = /mailslot\d+x/;

/**
 * The owner's Markdown rendered safe, with a slot for each placeholder, cut into the pieces every
 * mail of these paragraphs shares and those its values fill.
 */
const htmlPieces = memo((text): Piece[] => {
  const names: string[] = [];
  const slotted = text.replace(PLACEHOLDER_PATTERN, (_match, name: string) =>
    slot(names.push(name) - 1),
  );
  const rendered = markdown.render(slotted);
  const nameOf = (index: string) => names[Number(index)] ?? '';
  const piecesOf = (html: string): Piece[] =>
    html.split(/(<[^>]*>)/).map((part) => {
      if (!HAS_SLOT.test(part)) return part;
      return part.startsWith('<')
        ? (values) => fillTag(part, values, nameOf)
        : (values) => fillText(part, values, nameOf);
    });
  const pieces: Piece[] = [];
  let done = 0;
  // A table alone in its paragraph takes the paragraph's place.
  for (const alone of rendered.matchAll(/<p>mailslot(\d+)x<\/p>\n?/g)) {
    pieces.push(...piecesOf(rendered.slice(done, alone.index)));
    const name = nameOf(alone[1] ?? '');
    const asWords = piecesOf(alone[0]);
    pieces.push((values) => {
      const value = valueOf(values, name);
      return typeof value === 'string' ? fillPieces(asWords, values) : rowsHtml(value);
    });
    done = alone.index + alone[0].length;
  }
  pieces.push(...piecesOf(rendered.slice(done)));
  return pieces;
});

/** The HTML part: the owner's Markdown rendered safe, then each slot filled with its value, escaped. */
const html = (paragraphs: string[], values: MailValues): string =>
  fillPieces(htmlPieces(paragraphs.join('\n\n')), values);

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
