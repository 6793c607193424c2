import type { TTrialResult } from "@meshbench/contracts";
import { mayBeFortioRestReply } from "@meshbench/core";
import { checkInputSize, ImportError, ROOT } from "./errors";
import { fortioFromObject, importFortioJson } from "./fortio";
import { parseJsonObject, type JsonObject } from "./json-reader";
import { importNighthawkJson, nighthawkDocument } from "./nighthawk";
import { importSmpJson, smpFromObject } from "./smp";
import { importLocustCsv, LOCUST_HISTORY_HEADER, LOCUST_STATS_HEADER } from "./locust";
import { importWrkText } from "./wrk";

export type ImportFormat = "fortio" | "nighthawk" | "wrk" | "smp" | "locust";

/** Which importer a parsed JSON document belongs to (Nighthawk's Fortio-compatible output counts as Fortio). */
function jsonFormat(doc: JsonObject): Exclude<ImportFormat, "wrk" | "locust"> {
  if (doc["DurationHistogram"] !== undefined || doc["RunType"] !== undefined) return "fortio";
  if (Array.isArray(doc["results"])) return "nighthawk";
  if (
    doc["latencies_ms"] !== undefined ||
    doc["latenciesMs"] !== undefined ||
    doc["smp_version"] !== undefined
  )
    return "smp";
  // Fortio REST replies (errors, "started", status lists): the Fortio importer explains them.
  if (mayBeFortioRestReply(doc)) return "fortio";
  throw new ImportError(ROOT, "unrecognised JSON: not a Fortio, Nighthawk or SMP result");
}

/** A Locust `--csv` file by its header (the history alone too, so its importer can explain). */
function isLocustCsv(start: string): boolean {
  return LOCUST_STATS_HEADER.test(start) || LOCUST_HISTORY_HEADER.test(start);
}

/** Guesses the format: JSON by its fields, Locust CSV by its header, otherwise wrk text. */
export function detectFormat(text: string): ImportFormat {
  checkInputSize(text);
  const start = text.trimStart();
  if (start.startsWith("{")) return jsonFormat(parseJsonObject(text));
  if (isLocustCsv(start)) return "locust";
  if (/\d+ requests in \S+/.test(text) || /^Running \S+ test @/m.test(text)) return "wrk";
  if (start === "") throw new ImportError(ROOT, "empty input");
  throw new ImportError(ROOT, "not a JSON result, not a Locust CSV and not wrk output");
}

/** Each format's importer of text (the format named, so no detection). */
const TEXT_IMPORTERS: Record<ImportFormat, (text: string) => TTrialResult> = {
  fortio: importFortioJson,
  nighthawk: importNighthawkJson,
  smp: importSmpJson,
  wrk: importWrkText,
  locust: importLocustCsv,
};

/** The importers of a parsed JSON document (wrk and Locust write text). */
const DOCUMENT_IMPORTERS: Partial<Record<ImportFormat, (doc: JsonObject) => TTrialResult>> = {
  fortio: fortioFromObject,
  nighthawk: nighthawkDocument,
  smp: smpFromObject,
};

/**
 * Imports any supported result, given as text or as a JSON document already parsed at the edge
 * (an upload's `result` object: never stringified to be parsed again); with `format`, only that
 * importer is tried.
 */
export function importResult(input: string | JsonObject, format?: ImportFormat): TTrialResult {
  if (typeof input !== "string") {
    const read = DOCUMENT_IMPORTERS[format ?? jsonFormat(input)];
    if (!read) throw new ImportError(ROOT, `${format} output is text, not a JSON document`);
    return read(input);
  }
  if (format) return TEXT_IMPORTERS[format](input);
  checkInputSize(input);
  if (!input.trimStart().startsWith("{")) {
    return detectFormat(input) === "locust" ? importLocustCsv(input) : importWrkText(input);
  }
  const doc = parseJsonObject(input);
  return DOCUMENT_IMPORTERS[jsonFormat(doc)]!(doc);
}
