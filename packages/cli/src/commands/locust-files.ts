import { CliError, EXIT, readInput, type CliIo } from "../io";

const STATS = /_stats\.csv$/;
const HISTORY = /_stats_history\.csv$/;
/** Locust writes these beside the stats; they are not results (failures are counted in the stats). */
const SIDE_FILES = /_(failures|exceptions)\.csv$/;

/** One uploaded result: its text, and the file(s) it came from for messages. */
export interface ResultDocument {
  file: string;
  text: string;
}

async function siblingHistory(io: CliIo, statsFile: string): Promise<string | null> {
  try {
    return await readInput(io, statsFile.replace(STATS, "_stats_history.csv"));
  } catch {
    return null;
  }
}

/**
 * The files as result documents. Locust's `--csv PREFIX` writes PREFIX_stats.csv and
 * PREFIX_stats_history.csv: the history is paired with its stats by prefix (listed or found
 * beside it) and sent after it in one document, which the Locust importer reads as a pair, so
 * `meshbench upload out/level-*.csv` uploads one trial per prefix. Side files are skipped.
 */
export async function resultDocuments(
  io: CliIo,
  files: string[],
  options: { locustEndpoint?: string } = {},
): Promise<ResultDocument[]> {
  const listed = new Set(files);
  const documents: ResultDocument[] = [];
  for (const file of files) {
    if (SIDE_FILES.test(file)) {
      io.stderr(`skipping ${file}: Locust's failures/exceptions are not results\n`);
      continue;
    }
    if (HISTORY.test(file)) {
      if (!listed.has(file.replace(HISTORY, "_stats.csv")))
        throw new CliError(
          EXIT.usage,
          `${file}: a stats_history is uploaded with its ${file.replace(HISTORY, "_stats.csv")}; list that file too`,
        );
      continue;
    }
    const read = await readInput(io, file);
    if (!STATS.test(file)) {
      if (options.locustEndpoint !== undefined)
        throw new CliError(
          EXIT.usage,
          `${file}: --locust-endpoint applies to Locust _stats.csv files only`,
        );
      documents.push({ file, text: read });
      continue;
    }
    const text =
      options.locustEndpoint === undefined
        ? read
        : await endpointOnly(read, options.locustEndpoint, file);
    const historyFile = file.replace(STATS, "_stats_history.csv");
    const history = listed.has(historyFile)
      ? await readInput(io, historyFile)
      : await siblingHistory(io, file);
    documents.push({ file, text: history === null ? text : joinCsv(text, history) });
  }
  return documents;
}

/** The stats then the history, each starting on its own line. */
function joinCsv(stats: string, history: string): string {
  return stats.endsWith("\n") ? `${stats}${history}` : `${stats}\n${history}`;
}

const csvField = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);

/**
 * The stats with only one endpoint's row ("GET /echo" or its Name), so the importer takes that
 * row as the trial instead of the Aggregated one. For uploading each endpoint as its own variant
 * or benchmark; the upload API itself always takes the Aggregated row.
 */
export async function endpointOnly(stats: string, endpoint: string, file: string) {
  // Loaded on demand, as the local commands do: a plain upload never loads the importers.
  const { parseCsv } = await import("@meshbench/formats");
  const [header = [], ...rows] = parseCsv(stats);
  const type = header.findIndex((h) => /^(Type|Method)$/i.test(h.trim()));
  const name = header.findIndex((h) => /^Name$/i.test(h.trim()));
  const label = (r: string[]) => `${r[type] ?? ""} ${r[name] ?? ""}`.trim();
  const kept = rows.filter((r) => r[name] === endpoint || label(r) === endpoint);
  if (kept.length !== 1 || name < 0)
    throw new CliError(
      EXIT.invalidInput,
      `${file}: no single row for --locust-endpoint "${endpoint}" (rows: ${rows.map(label).join(", ")})`,
    );
  return [header, ...kept].map((r) => `${r.map(csvField).join(",")}\n`).join("");
}
