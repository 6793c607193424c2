/**
 * The one CSV writer of every export (run, comparison, share links). Cells are typed: numbers
 * and booleans are written as they are — a negative number is a value, not a formula, and a
 * spreadsheet must read it as one. Text is untrusted (labels, variant names, git fields, error
 * messages all come from uploads or clusters): text that begins with a character a spreadsheet
 * starts a formula with (`=`, `+`, `-`, `@`, tab, CR, LF, their full-width forms, also after
 * leading spaces) is prefixed with `'`, as OWASP recommends for CSV injection, so it stays text.
 * So the string "-1" is written `'-1`, the number -1 as `-1`.
 */
export type CsvCell = string | number | boolean | null | undefined;

const FORMULA_START = /^(?:[\t\r\n]|\s*[=+\-@\uff1d\uff0b\uff0d\uff20])/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  const text =
    typeof value === "string" ? (FORMULA_START.test(value) ? `'${value}` : value) : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line, no line break. */
export const csvLine = (cells: CsvCell[]) => cells.map(csvCell).join(",");
