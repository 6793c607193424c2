import { IMPORT_LIMITS, ImportError } from "./errors";

/**
 * RFC 4180 CSV as Python's csv module writes it (Locust's `--csv`): comma separated, fields with
 * commas, quotes or newlines quoted, `""` inside quotes for a quote, `\r\n` or `\n` line ends.
 * Blank lines are skipped. Returns rows of raw cell text.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  const endRow = () => {
    row.push(cell);
    if (!(row.length === 1 && row[0] === "")) rows.push(row);
    if (rows.length > IMPORT_LIMITS.maxBuckets)
      throw new ImportError(`line ${line}`, `more than ${IMPORT_LIMITS.maxBuckets} rows`);
    [row, cell] = [[], ""];
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') [cell, i] = [cell + '"', i + 1];
      else if (ch === '"') quoted = false;
      else {
        if (ch === "\n") line++;
        cell += ch;
      }
    } else if (ch === '"' && cell === "") quoted = true;
    else if (ch === ",") [row, cell] = [[...row, cell], ""];
    else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      endRow();
      line++;
    } else cell += ch;
  }
  if (quoted) throw new ImportError(`line ${line}`, "unterminated quoted field");
  if (cell !== "" || row.length > 0) endRow();
  return rows;
}

/** Column index by header name (case-insensitive, any of the aliases); -1 when absent. */
export function columnOf(header: string[], ...names: string[]): number {
  const wanted = names.map((n) => n.toLowerCase());
  return header.findIndex((h) => wanted.includes(h.trim().toLowerCase()));
}
