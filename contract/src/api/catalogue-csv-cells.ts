/**
 * The catalogue CSV's list cells (issue 36 item 7, docs/decisions/109): a part's specifications,
 * its options, a size's option values and the pictures, each in one cell a person can read and
 * type in a spreadsheet, and read back exactly as written:
 *
 * - specs: `speeds: 12; wheelSize: 650b`
 * - a part's options: `Size: 700x28c | 700x32c; Colour: Black | Red`
 * - a size's options: `Size: 700x28c; Colour: Black`
 * - pictures, one a line: `/api/files/a.png | From the front`
 *
 * A backslash writes a separator (`\;`, `\:`, `\|`), a backslash (`\\`) or a line break (`\n`)
 * into a name or value, so any text goes round unchanged.
 */
import type { PartOption } from '../parts/variants.js';

/** A cell read, or why it cannot be. */
export type CellReading<T> = { value: T } | { problem: string };

const ENTRY = ';';
const NAME = ':';
const VALUE = '|';
const LINE = '\n';

function escaped(text: string, specials: string): string {
  let out = '';
  for (const char of text) {
    if (char === '\\') out += '\\\\';
    else if (char === '\n') out += '\\n';
    else if (specials.includes(char)) out += `\\${char}`;
    else out += char;
  }
  return out;
}

function unescaped(text: string): string {
  let out = '';
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at]!;
    if (char !== '\\' || at + 1 === text.length) {
      out += char;
      continue;
    }
    at += 1;
    out += text[at] === 'n' ? '\n' : text[at];
  }
  return out.trim();
}

/** `text` cut at each `separator` not written with a backslash (at most `limit` pieces). */
function splitUnescaped(text: string, separator: string, limit = Infinity): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at]!;
    if (char === '\\' && at + 1 < text.length) {
      piece += char + text[at + 1];
      at += 1;
    } else if (char === separator && pieces.length < limit - 1) {
      pieces.push(piece);
      piece = '';
    } else piece += char;
  }
  pieces.push(piece);
  return pieces;
}

/** `Name: a | b; Other: c` as [name, values] pairs; entries left empty (a trailing `;`) skipped. */
function readNamedEntries(cell: string, example: string): CellReading<[string, string[]][]> {
  const entries: [string, string[]][] = [];
  for (const entry of splitUnescaped(cell, ENTRY)) {
    if (entry.trim() === '') continue;
    const [name, values] = splitUnescaped(entry, NAME, 2);
    if (values === undefined || unescaped(name!) === '')
      return { problem: `Write each as ${example}, separated by ;` };
    entries.push([unescaped(name!), splitUnescaped(values, VALUE).map(unescaped)]);
  }
  return { value: entries };
}

const namedEntries = (entries: [string, readonly string[]][]) =>
  entries
    .map(
      ([name, values]) =>
        `${escaped(name, ENTRY + NAME + VALUE)}: ${values.map((value) => escaped(value, ENTRY + VALUE)).join(' | ')}`,
    )
    .join('; ');

/** A part's or a size's specs as a cell: each key and its value, in the order given. */
export const specsCell = (specs: Readonly<Record<string, string | number>> | undefined): string =>
  namedEntries(Object.entries(specs ?? {}).map(([key, value]) => [key, [String(value)]]));

/** A specs cell as the API's `specs` (values as text, which the specs' rules read). */
export function readSpecsCell(cell: string): CellReading<Record<string, string>> {
  const read = readNamedEntries(cell, 'key: value, like speeds: 12');
  if ('problem' in read) return read;
  const specs: Record<string, string> = {};
  for (const [key, values] of read.value) {
    if (values.length !== 1) return { problem: `${key} takes one value` };
    if (key in specs) return { problem: `${key} appears twice` };
    specs[key] = values[0]!;
  }
  return { value: specs };
}

/** A part's options as a cell: each option's name and its values in the shop's order. */
export const optionsCell = (options: readonly PartOption[] | undefined): string =>
  namedEntries((options ?? []).map(({ name, values }) => [name, values]));

export function readOptionsCell(cell: string): CellReading<PartOption[]> {
  const read = readNamedEntries(cell, 'Name: value | value, like Size: 700x28c | 700x32c');
  if ('problem' in read) return read;
  return { value: read.value.map(([name, values]) => ({ name, values })) };
}

/** A size's option values as a cell, in its part's option order. */
export const sizeOptionsCell = (
  chosen: Readonly<Record<string, string>>,
  options: readonly PartOption[] | undefined,
): string =>
  namedEntries(
    (options ?? [])
      .filter(({ name }) => chosen[name] !== undefined)
      .map(({ name }) => [name, [chosen[name]!]]),
  );

export function readSizeOptionsCell(cell: string): CellReading<Record<string, string>> {
  const read = readNamedEntries(cell, 'Name: value, like Size: 700x28c');
  if ('problem' in read) return read;
  const chosen: Record<string, string> = {};
  for (const [name, values] of read.value) {
    if (values.length !== 1) return { problem: `A size has one ${name}` };
    chosen[name] = values[0]!;
  }
  return { value: chosen };
}

/** The pictures as a cell: one a line, its address and its alt text. */
export const picturesCell = (pictures: readonly { url: string; alt: string }[]): string =>
  pictures.map(({ url, alt }) => `${escaped(url, VALUE)} | ${escaped(alt, VALUE)}`).join(LINE);

/**
 * A pictures cell as addresses and alt texts; a line with an address alone is described by
 * `describedAs` (the part's name), as the original `img` is (picturesOf).
 */
export function readPicturesCell(
  cell: string,
  describedAs: string,
): CellReading<{ url: string; alt: string }[]> {
  const pictures: { url: string; alt: string }[] = [];
  for (const line of cell.split(/\r?\n/)) {
    if (line.trim() === '') continue;
    const [url, alt] = splitUnescaped(line, VALUE, 2);
    const address = unescaped(url!);
    if (address === '') return { problem: 'Write each picture as address | alt text, one a line' };
    pictures.push({ url: address, alt: alt === undefined ? describedAs : unescaped(alt) });
  }
  return { value: pictures };
}
