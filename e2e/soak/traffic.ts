/**
 * The soak's request mix: what a CI fleet and a few dashboard users do to one server. Each kind
 * is a function returning the response; the runner counts statuses and latencies per kind.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "../support/app-server";

const fixtures = path.join(repoRoot, "packages/formats/fixtures/fortio/matrix");
const results = readdirSync(fixtures)
  .filter((f) => f.endsWith(".json"))
  .map((f) => readFileSync(path.join(fixtures, f), "utf8"));

export type Session = {
  baseUrl: string;
  cookie: string;
  tokens: string[];
  runId: string;
  levelKey: string;
};
export type Kind = {
  name: string;
  weight: number;
  /** The statuses a correct server answers this request with. */
  ok: number[];
  send: (s: Session, i: number) => Promise<Response>;
};

/** Every upload the soak sent that the server acknowledged, by its unique label. */
export const acknowledgedUploads = new Set<string>();
let uploadSeq = 0;

const trpcGet = (s: Session, procedure: string, input: unknown) =>
  fetch(
    `${s.baseUrl}/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`,
    {
      headers: { cookie: s.cookie },
    },
  );

async function upload(s: Session, i: number): Promise<Response> {
  const id = `u${++uploadSeq}`;
  const body = JSON.stringify({
    benchmark: `soak-${i % 3}`,
    variant: i % 2 ? "baseline" : "mesh",
    labels: { soakUpload: id, constructor: "round-trips" },
    trials: [{ result: results[i % results.length] }],
  });
  const send = () =>
    fetch(`${s.baseUrl}/api/v1/results`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${s.tokens[i % s.tokens.length]}`,
        "content-type": "application/json",
        "idempotency-key": `soak-${id}`,
      },
      body,
    });
  const first = await send();
  if (first.status === 200) acknowledgedUploads.add(id);
  // Every fifth upload is retried with its key, as a CI job that lost the first answer would.
  if (i % 5 !== 0) return first;
  await first.arrayBuffer();
  const retry = await send();
  if (retry.status === 200 && retry.headers.get("idempotency-replayed") !== "true")
    return new Response(null, { status: 599, statusText: "retry was not a replay" });
  return retry;
}

const rest = (pathOf: (s: Session) => string) => (s: Session, i: number) =>
  fetch(`${s.baseUrl}/api/v1${pathOf(s)}`, {
    headers: { authorization: `Bearer ${s.tokens[i % s.tokens.length]}` },
  });
const page = (pathOf: (s: Session) => string) => (s: Session) =>
  fetch(`${s.baseUrl}${pathOf(s)}`, { headers: { cookie: s.cookie } });

export const KINDS: Kind[] = [
  { name: "upload (REST, Idempotency-Key)", ok: [200], weight: 14, send: upload },
  { name: "GET run (REST)", ok: [200], weight: 10, send: rest((s) => `/runs/${s.runId}`) },
  {
    name: "GET verdict (REST)",
    ok: [200],
    weight: 6,
    send: rest((s) => `/runs/${s.runId}/verdict`),
  },
  {
    name: "GET history (REST)",
    ok: [200],
    weight: 6,
    send: rest(() => `/benchmarks/nginx-vs-baseline/history`),
  },
  {
    name: "reports.run (tRPC)",
    ok: [200],
    weight: 8,
    send: (s) => trpcGet(s, "reports.run", { runId: s.runId }),
  },
  {
    name: "reports.compare (tRPC)",
    ok: [200],
    weight: 6,
    send: (s) =>
      trpcGet(s, "reports.compare", {
        items: [
          { runId: s.runId, variant: "baseline", levelKey: s.levelKey },
          { runId: s.runId, variant: "nginx", levelKey: s.levelKey },
        ],
        reference: 0,
      }),
  },
  { name: "runs.list (tRPC)", ok: [200], weight: 6, send: (s) => trpcGet(s, "runs.list", {}) },
  { name: "page /runs/:id", ok: [200], weight: 4, send: page((s) => `/runs/${s.runId}`) },
  { name: "page /runs", ok: [200], weight: 3, send: page(() => `/runs`) },
  { name: "page /benchmarks", ok: [200], weight: 2, send: page(() => `/benchmarks`) },
  { name: "auth get-session", ok: [200], weight: 10, send: page(() => `/api/auth/get-session`) },
  {
    name: "auth sign-in (wrong password)",
    ok: [401],
    weight: 3,
    send: (s, i) =>
      fetch(`${s.baseUrl}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: s.baseUrl },
        body: JSON.stringify({
          email: `nobody${i % 7}@meshbench.local`,
          password: "not-the-password",
        }),
      }),
  },
  { name: "health", ok: [200], weight: 10, send: page(() => `/api/health`) },
  {
    name: "bad upload (400)",
    ok: [400],
    weight: 4,
    send: (s, i) =>
      fetch(`${s.baseUrl}/api/v1/results`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${s.tokens[i % s.tokens.length]}`,
          "content-type": "application/json",
        },
        body: JSON.stringify({ benchmark: "soak-bad", trials: [{ result: "not a result" }] }),
      }),
  },
];

/** Deterministic weighted choice: request i always has the same kind. */
export function kindOf(i: number): Kind {
  const total = KINDS.reduce((sum, k) => sum + k.weight, 0);
  let x = (i * 7919) % total;
  for (const kind of KINDS) {
    if (x < kind.weight) return kind;
    x -= kind.weight;
  }
  return KINDS[0]!;
}
