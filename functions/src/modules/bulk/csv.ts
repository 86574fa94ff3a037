/**
 * CSV both ways (RFC 4180). Reading is csv-parse's (the `csv` project), loaded on the first
 * import (docs/decisions/054); writing is quoting, done here: csv-stringify would have taken the
 * install past its 700 MB budget for the few lines below (docs/decisions/055).
 */
import type { CsvRowError } from '@sprocket/contract';

/** Excel reads a file as UTF-8 only when it starts with the byte order mark. */
const BOM = '\uFEFF';

/** A cell that a reader could misread unquoted: a comma, a quote, a line break, edge spaces. */
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

const cell = (value: string | number): string => {
  const text = String(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/**
 * What a spreadsheet takes for the start of a formula (OWASP's CSV injection list), and the
 * apostrophe that marks a text written as text, so that one written so reads back as it was.
 */
const FORMULA_START = /^[=+\-@\t\r']/;
/** A cell written as text by `neutraliseFormula`. */
const NEUTRALISED = /^'[=+\-@\t\r']/;

/** A text that starts like a formula, read as text: a leading apostrophe, which Excel hides. */
export const neutraliseFormula = (text: string): string =>
  FORMULA_START.test(text) ? `'${text}` : text;

/** The text a neutralised cell was written from: every export imports back unchanged. */
const unneutralised = (text: string): string => (NEUTRALISED.test(text) ? text.slice(1) : text);

/**
 * The rows as a CSV file: the byte order mark, CRLF between records. A text cell that a
 * spreadsheet would run as a formula is written as text (issue 33: every CSV, the parts export
 * too; `parseCsv` reads it back as it was); numbers stay numbers.
 */
export function toCsv(rows: readonly (readonly (string | number)[])[]): string {
  const text = (value: string | number) =>
    typeof value === 'string' ? neutraliseFormula(value) : value;
  return BOM + rows.map((row) => row.map((value) => cell(text(value))).join(',') + '\r\n').join('');
}

/** Why a file could not be read, in the admin's words, by csv-parse's error code. */
const PARSE_MESSAGES: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'A quoted cell is never closed: a quote (") is missing',
  CSV_INVALID_CLOSING_QUOTE: 'A quote (") inside a cell must be written twice ("")',
};

/** The file's records, every cell as text (as it was before `toCsv`); or where it stops being CSV. */
export async function parseCsv(
  text: string,
): Promise<{ records: string[][] } | { error: CsvRowError }> {
  const { parse, CsvError } = await import('csv-parse/sync');
  try {
    // Empty lines are records of one empty cell, so that record numbers stay the file's rows.
    const records = parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: false,
    }) as string[][];
    return { records: records.map((record) => record.map(unneutralised)) };
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const { records } = error as unknown as { records: number };
    return {
      // The records read before it, the header among them: the one it failed in is the next.
      error: { row: records + 1, message: PARSE_MESSAGES[error.code] ?? error.message },
    };
  }
}
