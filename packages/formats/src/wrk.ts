import {
  msToSeconds,
  type THistogram,
  type TLatencySummary,
  type TTrialResult,
} from "@meshbench/contracts";
import { summarizeHistogram } from "@meshbench/core";
import { histogramFromCumulative, type CumulativePoint } from "./cumulative-histogram";
import { checkInputSize, IMPORT_LIMITS, ImportError } from "./errors";
import { safeUrl } from "./fortio-fields";
import { commandOptions, wrkInteger, wrkMetric, wrkSeconds } from "./wrk-units";

interface Parsed {
  command?: string;
  requestedDuration?: number;
  url?: string;
  threads?: number;
  connections?: number;
  latency?: { avg: number; stdev: number; max: number };
  distribution: Map<number, number>;
  spectrum: CumulativePoint[];
  spectrumMean?: number;
  spectrumStdev?: number;
  spectrumMax?: number;
  spectrumCount?: number;
  requests?: number;
  duration?: number;
  socketErrors: number;
  non2xx: number;
  requestsPerSecond?: number;
}

/** Line-by-line reading of wrk / wrk2 --latency output. Only the first (recorded) spectrum is used. */
function parse(text: string): Parsed {
  const p: Parsed = { distribution: new Map(), spectrum: [], socketErrors: 0, non2xx: 0 };
  let section: "none" | "distribution" | "spectrum" | "done" = "none";
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    const where = `line ${index + 1}`;
    let m: RegExpExecArray | null;
    if (index === 0 && /^(\$\s*)?wrk2?\s/.test(line)) p.command = line;
    else if ((m = /^Running (\S+) test @ (\S+)/.exec(line)))
      [p.requestedDuration, p.url] = [wrkSeconds(m[1] ?? "", where), m[2]];
    else if ((m = /^(\d+) threads and (\d+) connections$/.exec(line)))
      [p.threads, p.connections] = [wrkInteger(m[1] ?? "", where), wrkInteger(m[2] ?? "", where)];
    else if ((m = /^Latency\s+(\S+)\s+(\S+)\s+(\S+)\s+\S+%$/.exec(line))) {
      p.latency = {
        avg: wrkSeconds(m[1] ?? "", `${where} Latency avg`),
        stdev: wrkSeconds(m[2] ?? "", `${where} Latency stdev`),
        max: wrkSeconds(m[3] ?? "", `${where} Latency max`),
      };
    } else if (/^Latency Distribution/.test(line))
      section = section === "none" ? "distribution" : section;
    else if (/^Detailed Percentile spectrum/.test(line))
      section = section === "distribution" ? "spectrum" : "done";
    else if (section === "distribution" && (m = /^(\d+(?:\.\d+)?)%\s+(\S+)$/.exec(line)))
      p.distribution.set(Number(m[1]), wrkSeconds(m[2] ?? "", where));
    else if (section === "spectrum" && (m = /^(\d+\.\d+)\s+(\d\.\d+)\s+(\d+)\s+\S+$/.exec(line))) {
      p.spectrum.push({
        value: msToSeconds(Number(m[1])),
        fraction: Number(m[2]),
        cumulative: wrkInteger(m[3] ?? "", where),
        path: `${where} (spectrum)`,
      });
      if (p.spectrum.length > IMPORT_LIMITS.maxBuckets)
        throw new ImportError(where, `spectrum has more than ${IMPORT_LIMITS.maxBuckets} entries`);
    } else if (
      section === "spectrum" &&
      (m = /^#\[Mean\s*=\s*([\d.]+), StdDeviation\s*=\s*([\d.]+)\]$/.exec(line))
    ) {
      [p.spectrumMean, p.spectrumStdev] = [msToSeconds(Number(m[1])), msToSeconds(Number(m[2]))];
    } else if (
      section === "spectrum" &&
      (m = /^#\[Max\s*=\s*([\d.]+), Total count\s*=\s*(\d+)\]$/.exec(line))
    ) {
      [p.spectrumMax, p.spectrumCount] = [msToSeconds(Number(m[1])), wrkInteger(m[2] ?? "", where)];
    } else if (/^-{10,}$/.test(line) || /^Uncorrected Latency/.test(line))
      section = section === "none" ? "none" : "done";
    else if ((m = /^(\d+) requests in (\S+), (\S+) read$/.exec(line)))
      [p.requests, p.duration] = [wrkInteger(m[1] ?? "", where), wrkSeconds(m[2] ?? "", where)];
    else if (
      (m = /^Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)$/.exec(line))
    ) {
      p.socketErrors = m.slice(1, 5).reduce((a, n) => a + wrkInteger(n, where), 0);
    } else if ((m = /^Non-2xx or 3xx responses: (\d+)$/.exec(line)))
      p.non2xx = wrkInteger(m[1] ?? "", where);
    else if ((m = /^Requests\/sec:\s+(\S+)$/.exec(line)))
      p.requestsPerSecond = wrkMetric(m[1] ?? "", where);
  });
  return p;
}

function spectrumHistogram(p: Parsed): THistogram | null {
  if (p.spectrum.length === 0) return null;
  const count = p.spectrumCount ?? p.spectrum[p.spectrum.length - 1]?.cumulative ?? 0;
  return histogramFromCumulative(p.spectrum, {
    count,
    sum: (p.spectrumMean ?? p.latency?.avg ?? 0) * count,
    stddev: p.spectrumStdev ?? p.latency?.stdev ?? null,
    max: p.spectrumMax,
    countPath: "#[Max ... Total count]",
  });
}

function summaryOf(p: Parsed, latency: NonNullable<Parsed["latency"]>): TLatencySummary {
  const d = (q: number) => p.distribution.get(q) ?? null;
  return {
    min: null,
    avg: latency.avg,
    p50: d(50),
    p75: d(75),
    p90: d(90),
    p99: d(99),
    p999: d(99.9),
    p9999: d(99.99),
    max: latency.max,
    stddev: latency.stdev,
  };
}

/**
 * `wrk --latency` text: a summary-only trial (no histogram: wrk prints four percentiles, not its
 * histogram) with avg/stdev/max from the thread stats. wrk2's HdrHistogram spectrum, when
 * printed, becomes a histogram (see histogramFromCumulative), so wrk2 trials can be pooled.
 * Errors are non-2xx/3xx responses plus socket errors (code "-1", as Fortio counts them).
 */
export function importWrkText(text: string): TTrialResult {
  checkInputSize(text);
  const p = parse(text);
  if (p.requests === undefined || p.duration === undefined) {
    throw new ImportError(
      "requests",
      'missing the "N requests in T, X read" line: not wrk output?',
    );
  }
  if (!p.latency) throw new ImportError("Latency", "missing the thread stats Latency line");
  if (p.requestsPerSecond === undefined) throw new ImportError("Requests/sec", "is missing");
  if (p.connections === undefined || p.connections < 1)
    throw new ImportError("connections", 'missing the "N threads and M connections" line');
  const command = commandOptions(p.command);
  const wrk2 = command.wrk2 || p.spectrum.length > 0 || /Thread calibration/.test(text);
  const histogram = spectrumHistogram(p);
  const retCodes: Record<string, number> = { "2xx/3xx": Math.max(0, p.requests - p.non2xx) };
  if (p.non2xx > 0) retCodes["non-2xx/3xx"] = p.non2xx;
  if (p.socketErrors > 0) retCodes["-1"] = p.socketErrors;
  const percentiles = [...p.distribution].map(([percentile, value]) => ({ percentile, value }));
  return {
    loadGenerator: "wrk",
    runType: "HTTP",
    labels: "",
    startedAt: null,
    requestedQps: command.rate,
    requestedDurationSeconds: p.requestedDuration ?? null,
    actualQps: p.requestsPerSecond,
    actualDurationSeconds: p.duration,
    connections: Math.min(p.connections, IMPORT_LIMITS.maxConnections),
    requestCount: p.requests,
    errorCount: p.non2xx + p.socketErrors,
    retCodes,
    resolutionSeconds: null,
    protocol: "http1",
    keepAlive: true,
    payloadBytes: 0,
    histogram,
    summary: histogram ? summarizeHistogram(histogram) : summaryOf(p, p.latency),
    meta: {
      format: wrk2 ? "wrk2" : "wrk",
      ...(p.threads === undefined ? {} : { threads: p.threads }),
      ...(safeUrl(p.url) ? { url: safeUrl(p.url) } : {}),
      reportedPercentiles: percentiles,
    },
  };
}
