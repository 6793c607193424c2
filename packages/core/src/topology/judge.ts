import {
  PATH_HOPS,
  type THopCheck,
  type TMeshKind,
  type TPathCheck,
  type TPathHop,
  type TPathMeasure,
  type TPathMeasureCheck,
  type TPathProxy,
  type TProtocol,
  type TTopology,
  type TTrialValidityFlag,
} from "@meshbench/contracts";
import { describeHop, hopProxy, isPathChecked, PATH_UNCHECKED_REASONS } from "./resolve";

/**
 * The stated tolerances of the path check. Lower bounds only: proxies also count traffic
 * Meshbench did not time (Fortio's one connection-opening request per connection, kubelet probes
 * through Linkerd's inbound proxy, retries), so more than was sent never disproves a path.
 * - L7 proxies (Istio sidecars, waypoints, Linkerd's proxy) count requests: ≥ 90% of the
 *   trial's requests.
 * - L4 proxies (ztunnel; an L7 proxy carrying TCP load) count connections and bytes, not
 *   requests: ≥ 1 connection opened and ≥ 90% of the bytes the responses carried to the client.
 * - mTLS expected: that same share went with mutual TLS, where the proxy reports it.
 * - A hop not declared (or mTLS not expected) that carried more than 10% of the traffic means the
 *   traffic took another path than the declared one.
 */
export const PATH_TOLERANCE = {
  l7RequestShare: 0.9,
  l4ByteShare: 0.9,
  l4MinConnections: 1,
  mtlsShare: 0.9,
  strayShare: 0.1,
} as const;

/** A hop's counters summed over its pods and filtered to the variant's traffic (k8s's readers). */
export type HopCounters = {
  requests: number;
  /** null: this reporter does not say (e.g. an Envoy client sidecar's source report). */
  mtlsRequests: number | null;
  connections: number;
  mtlsConnections: number | null;
  /** Bytes the proxy carried toward the client (the responses). */
  responseBytes: number;
  mtlsResponseBytes: number | null;
};

/**
 * A hop read; or why its counters could not be read (unchecked); or the component is not there
 * at all (e.g. no sidecar in the load generator's pod: a declared hop that cannot be on the path).
 */
export type HopReading = { counters: HopCounters } | { unreadable: string } | { absent: string };
/** What was read per hop; a hop without a reader here is absent. */
export type PathReadings = Partial<Record<TPathHop, HopReading>>;

/** What the trial sent, from the load generator's own result. */
export type TrialTraffic = {
  protocol: TProtocol;
  requests: number;
  /** The responses' bytes (Fortio's Sizes; a TCP run's bytes received); null when unknown. */
  responseBytes: number | null;
};

export type PathJudgementInput = {
  mesh: TMeshKind;
  topology: TTopology;
  before: PathReadings;
  after: PathReadings;
  sent: TrialTraffic;
};

const fmt = (n: number) => Math.round(n).toLocaleString("en-US");
const MEASURE_WORDS: Record<TPathMeasure, string> = {
  requests: "requests",
  "response-bytes": "response bytes",
  connections: "connections",
};

/** L7 proxies are judged by requests, L4 ones (and any proxy carrying TCP load) by bytes and connections. */
function measuresOf(proxy: TPathProxy, protocol: TProtocol): TPathMeasure[] {
  return proxy !== "ztunnel" && protocol !== "tcp"
    ? ["requests"]
    : ["connections", "response-bytes"];
}

const FIELDS: Record<TPathMeasure, [keyof HopCounters, keyof HopCounters]> = {
  requests: ["requests", "mtlsRequests"],
  "response-bytes": ["responseBytes", "mtlsResponseBytes"],
  connections: ["connections", "mtlsConnections"],
};

function grew(before: HopCounters, after: HopCounters, key: keyof HopCounters): number | null {
  const a = after[key];
  const b = before[key];
  return a === null || b === null ? null : a - b;
}

function measureCheck(
  measure: TPathMeasure,
  before: HopCounters,
  after: HopCounters,
  sent: TrialTraffic,
): TPathMeasureCheck | null {
  const [total, secure] = FIELDS[measure];
  const counted = grew(before, after, total) ?? 0;
  const mtls = grew(before, after, secure);
  if (measure === "connections")
    return { measure, sent: null, counted, mtls, required: PATH_TOLERANCE.l4MinConnections };
  const amount = measure === "requests" ? sent.requests : sent.responseBytes;
  if (amount === null) return null;
  const share = measure === "requests" ? PATH_TOLERANCE.l7RequestShare : PATH_TOLERANCE.l4ByteShare;
  return { measure, sent: amount, counted, mtls, required: Math.ceil(share * amount) };
}

const shareOf = (m: TPathMeasureCheck, n: number) =>
  m.sent === null
    ? `${fmt(n)} ${MEASURE_WORDS[m.measure]}`
    : `${fmt(n)} of ${fmt(m.sent)} ${MEASURE_WORDS[m.measure]}`;

/** Problems of a hop declared on the path. */
function expectedProblems(measures: TPathMeasureCheck[], mtls: boolean): string[] {
  const out: string[] = [];
  const plaintext: string[] = [];
  for (const m of measures) {
    if (m.counted < 0)
      out.push(`its ${MEASURE_WORDS[m.measure]} counter went backwards (the proxy restarted?)`);
    else if (m.counted < m.required)
      out.push(`counted ${shareOf(m, m.counted)} (needs ≥ ${fmt(m.required)})`);
    else if (mtls && m.mtls !== null && m.mtls < m.required)
      plaintext.push(
        `${fmt(Math.max(0, m.mtls))} of ${fmt(m.counted)} ${MEASURE_WORDS[m.measure]}`,
      );
  }
  if (plaintext.length)
    out.push(`carried it without the expected mTLS (${plaintext.join(", ")} with mTLS)`);
  return out;
}

/** Problems of a hop not declared on the path: it must not carry the traffic. */
function strayProblems(measures: TPathMeasureCheck[]): string[] {
  return measures
    .filter((m) => m.sent !== null && m.counted > PATH_TOLERANCE.strayShare * m.sent)
    .map((m) => `carried ${shareOf(m, m.counted)} although the declared path does not cross it`);
}

/** mTLS seen although the declared path has none: the client sat in the mesh after all. */
function unexpectedMtls(measures: TPathMeasureCheck[]): string[] {
  return measures
    .filter(
      (m) => m.sent !== null && m.mtls !== null && m.mtls > PATH_TOLERANCE.strayShare * m.sent,
    )
    .map((m) => `${shareOf(m, m.mtls!)} went with mTLS, which the declared path does not expect`);
}

function checkHop(input: PathJudgementInput, hop: TPathHop): THopCheck | null {
  const proxy = hopProxy(input.mesh, hop);
  const expected = input.topology.hops.includes(hop);
  const base = { hop, proxy, expected, measures: [] as TPathMeasureCheck[] };
  if (!isPathChecked(proxy))
    return expected
      ? { ...base, status: "unchecked", problem: PATH_UNCHECKED_REASONS[proxy]! }
      : null;
  const before = input.before[hop];
  const after = input.after[hop];
  if (!before || !after)
    return expected
      ? { ...base, status: "unchecked", problem: "no such proxy was found to read" }
      : null;
  const absent = "absent" in after ? after.absent : "absent" in before ? before.absent : null;
  if (absent !== null)
    return expected
      ? { ...base, status: "not_verified", problem: `is not there: ${absent}` }
      : null;
  if ("unreadable" in before || "unreadable" in after) {
    const why =
      "unreadable" in before ? before.unreadable : (after as { unreadable: string }).unreadable;
    return expected
      ? { ...base, status: "unchecked", problem: `counters unreadable: ${why}` }
      : null;
  }
  if (!("counters" in before) || !("counters" in after)) return null;
  const measures = measuresOf(proxy, input.sent.protocol)
    .map((m) => measureCheck(m, before.counters, after.counters, input.sent))
    .filter((m): m is TPathMeasureCheck => m !== null);
  const problems = expected
    ? expectedProblems(measures, input.topology.mtls)
    : strayProblems(measures);
  if (!input.topology.mtls) problems.push(...unexpectedMtls(measures));
  return {
    ...base,
    measures,
    status: problems.length ? "not_verified" : "verified",
    problem: problems.length ? problems.join("; ") : null,
  };
}

function measureWords(m: TPathMeasureCheck): string {
  const secure =
    m.mtls !== null && m.counted > 0 ? `, ${Math.round((100 * m.mtls) / m.counted)}% mTLS` : "";
  return `${shareOf(m, m.counted)}${secure}`;
}

function summaryOf(mesh: TMeshKind, status: TPathCheck["status"], hops: THopCheck[]): string {
  const named = (h: THopCheck) => describeHop(mesh, h.hop);
  if (status === "not_verified")
    return `traffic did not take the declared path: ${hops
      .filter((h) => h.status === "not_verified")
      .map((h) => `${named(h)} ${h.problem}`)
      .join("; ")}`;
  const seen = hops
    .filter((h) => h.expected && h.status === "verified")
    .map((h) => `${named(h)}: ${h.measures.map(measureWords).join(", ")}`);
  const unchecked = hops
    .filter((h) => h.status === "unchecked")
    .map((h) => `${named(h)} unchecked (${h.problem})`);
  const head = status === "verified" ? "path verified" : "path unchecked";
  return [head, ...seen, ...unchecked].join("; ");
}

/**
 * Did the trial's traffic take the declared path? Compares each hop's counter growth over the
 * trial with what the trial sent (PATH_TOLERANCE), mTLS where expected, and that hops off the
 * declared path carried none of it. Pure: the readings come from the mesh's own counters.
 */
export function judgePath(input: PathJudgementInput): TPathCheck {
  const hops = PATH_HOPS.map((h) => checkHop(input, h)).filter((h): h is THopCheck => h !== null);
  const status = hops.some((h) => h.status === "not_verified")
    ? "not_verified"
    : hops.some((h) => h.expected && h.status === "unchecked") || hops.length === 0
      ? "unchecked"
      : "verified";
  return { status, topology: input.topology, hops, summary: summaryOf(input.mesh, status, hops) };
}

/**
 * The trial's validity flags from its path check: not verified → invalid (its numbers are not the
 * mesh's cost); a checkable hop that could not be read → a warning. A mesh without counters
 * Meshbench reads raises no flag on every trial: the run page states it once per variant.
 */
export function pathValidityFlags(check: TPathCheck): TTrialValidityFlag[] {
  if (check.status === "not_verified")
    return [{ code: "path_not_verified", severity: "invalid", message: check.summary }];
  const unread = check.hops.filter((h) => h.status === "unchecked" && isPathChecked(h.proxy));
  return unread.length
    ? [
        {
          code: "path_unchecked",
          severity: "warning",
          message: `the path was not checked: ${unread.map((h) => `${h.hop} (${h.proxy}): ${h.problem}`).join("; ")}`,
        },
      ]
    : [];
}
