/**
 * The schema fuzzing's attacker half: hostile kubeconfigs (exec plugins, auth providers, file
 * paths, proxies) and hostile benchmark manifests (privileged pods, RBAC, mesh-wide objects), sent
 * once as the attacker would — each must be a 400 naming the field — and then handed to
 * schemathesis as the request examples of the operations that take them, in the fuzz's own copy
 * of the OpenAPI document (the served one stays clean).
 */
import { HOSTILE_BENCHMARKS } from "@meshbench/testing/hostile-benchmarks";
import { hostileKubeconfigs, kubeconfig } from "../support/hostile-kubeconfigs";

type Doc = { paths: Record<string, Record<string, { requestBody?: Body }>> };
type Body = { content: Record<string, { examples?: Record<string, { value: unknown }> }> };

const PLAIN = {
  key: "fuzz-hostile",
  name: "hostile",
  target: { kind: "fortio-echo" },
  variants: [{ name: "base", mesh: "baseline" }],
  loadMatrix: { qps: [100], connections: [2] },
};

export function attacker(marker: string, port: () => number) {
  const kubeconfigs = hostileKubeconfigs(marker, port).map(([name, text, key]) => ({
    name,
    text: text(),
    key,
  }));
  const benchmarks = HOSTILE_BENCHMARKS.map((h) => ({
    name: h.name,
    field: h.field,
    definition: { ...PLAIN, ...h.definition },
  }));
  return { kubeconfigs, benchmarks };
}

export type Attacker = ReturnType<typeof attacker>;

/** A benign cluster to aim credential updates at: loopback port 1, nothing listens (status unreachable). */
export const BENIGN_KUBECONFIG = kubeconfig("http://127.0.0.1:1", { token: "fuzz" });

type Send = (
  method: string,
  path: string,
  body: unknown,
) => Promise<{ status: number; text: string }>;

/** Every hostile input once, as the attacker; the list of what was not refused as it must be. */
export async function sendHostile(a: Attacker, send: Send, clusterId: string): Promise<string[]> {
  const wrong: string[] = [];
  const expect400 = async (
    what: string,
    field: string,
    key: string,
    call: Promise<{ status: number; text: string }>,
  ) => {
    const { status, text } = await call;
    const error = (JSON.parse(text || "{}") as { error?: { field?: string; message?: string } })
      .error;
    if (status !== 400 || error?.field !== field || !error.message?.includes(key))
      wrong.push(`${what}: ${status} ${text.slice(0, 200)}`);
    for (const leak of ["root:x:0", "LEAK", "uid="])
      if (text.includes(leak)) wrong.push(`${what} echoed ${leak}`);
  };
  for (const k of a.kubeconfigs) {
    const auth = { mode: "kubeconfig", kubeconfig: k.text };
    await expect400(
      `POST /clusters ${k.name}`,
      "auth.kubeconfig",
      k.key,
      send("POST", "/clusters", { name: "hostile", auth }),
    );
    await expect400(
      `PUT credentials ${k.name}`,
      "kubeconfig",
      k.key,
      send("PUT", `/clusters/${clusterId}/credentials`, { kubeconfig: k.text }),
    );
  }
  for (const b of a.benchmarks) {
    await expect400(
      `POST /benchmarks ${b.name}`,
      b.field,
      "",
      send("POST", "/benchmarks", b.definition),
    );
    await expect400(
      `PUT /benchmarks ${b.name}`,
      b.field,
      "",
      send("PUT", "/benchmarks/nginx-vs-baseline", { definition: b.definition }),
    );
  }
  return wrong;
}

/** The fuzz's copy of the document: the hostile inputs as examples of the operations taking them. */
export function withHostileExamples(document: unknown, a: Attacker): unknown {
  const doc = structuredClone(document) as Doc;
  const examples = (path: string, method: string, values: [string, unknown][]) => {
    const json = doc.paths[path]?.[method]?.requestBody?.content["application/json"];
    if (!json) throw new Error(`fuzz: no JSON body for ${method} ${path} in the document`);
    json.examples = Object.fromEntries(values.map(([name, value]) => [name, { value }]));
  };
  const slug = (s: string) => s.replace(/[^a-z0-9]+/gi, "-");
  examples(
    "/clusters",
    "post",
    a.kubeconfigs.map((k) => [
      slug(k.name),
      { name: slug(k.name).slice(0, 60), auth: { mode: "kubeconfig", kubeconfig: k.text } },
    ]),
  );
  examples(
    "/clusters/{clusterId}/credentials",
    "put",
    a.kubeconfigs.map((k) => [slug(k.name), { kubeconfig: k.text }]),
  );
  examples(
    "/benchmarks",
    "post",
    a.benchmarks.map((b) => [slug(b.name), b.definition]),
  );
  examples(
    "/benchmarks/{benchmarkKey}",
    "put",
    a.benchmarks.map((b) => [slug(b.name), { definition: b.definition }]),
  );
  return doc;
}
