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
export async function resultDocuments(io: CliIo, files: string[]): Promise<ResultDocument[]> {
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
    const text = await readInput(io, file);
    if (!STATS.test(file)) {
      documents.push({ file, text });
      continue;
    }
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
