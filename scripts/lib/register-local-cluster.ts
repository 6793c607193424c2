/**
 * Registers a local real-node cluster (scripts/local-cluster.sh) with a running Meshbench in local
 * mode, as the demo user would through the UI: signs in, replaces any earlier cluster named
 * `local` (each start has a new apiserver address and certificates), and creates the demo
 * benchmark `local-a-a` — an A/A pair on the echo target, ready to run with one click.
 * Usage: tsx scripts/lib/register-local-cluster.ts <kubeconfig path> [app URL]
 */
import { readFileSync } from "node:fs";
import { DEMO_USER_EMAIL, DEMO_USER_PASSWORD } from "../../packages/api/src/seed/demo-credentials";

const [kubeconfigPath, appUrl = `http://localhost:${process.env.PORT ?? "3000"}`] =
  process.argv.slice(2);
if (!kubeconfigPath) {
  console.error("usage: register-local-cluster.ts <kubeconfig path> [app URL]");
  process.exit(64);
}

const LOCAL_BENCHMARK = {
  key: "local-a-a",
  name: "Local A/A: echo vs an identical echo (real pods)",
  description:
    "Two identical baselines on the local 2-node cluster: what this machine's noise looks like.",
  target: { kind: "fortio-echo" },
  variants: [
    { name: "baseline", mesh: "baseline" },
    { name: "baseline-b", mesh: "baseline" },
  ],
  loadMatrix: { qps: [200, 500], connections: [4] },
  repetitions: 3,
  durationSeconds: 10,
  warmupSeconds: 2,
};

async function signIn(): Promise<string> {
  const response = await fetch(`${appUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: appUrl },
    body: JSON.stringify({ email: DEMO_USER_EMAIL, password: DEMO_USER_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in as the demo user: HTTP ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function trpc<T>(cookie: string, procedure: string, input?: unknown, write = false) {
  const url = `${appUrl}/api/trpc/${procedure}`;
  const headers = { cookie, origin: appUrl, "content-type": "application/json" };
  const body = JSON.stringify({ json: input ?? null });
  const response = write
    ? await fetch(url, { method: "POST", headers, body })
    : await fetch(`${url}?input=${encodeURIComponent(body)}`, { headers });
  const json = (await response.json()) as {
    result?: { data: { json: T } };
    error?: { json: { message: string } };
  };
  if (!json.result) throw new Error(`${procedure}: ${json.error?.json.message ?? response.status}`);
  return json.result.data.json;
}

const healthy = await fetch(`${appUrl}/api/health`).then(
  (r) => r.ok,
  () => false,
);
if (!healthy) {
  console.error(`no Meshbench answers at ${appUrl} (start scripts/demo.sh, or set MESHBENCH_URL)`);
  process.exit(1);
}
const cookie = await signIn();
const clusters = await trpc<{ id: string; name: string }[]>(cookie, "clusters.list");
for (const old of clusters.filter((c) => c.name === "local"))
  await trpc(cookie, "clusters.delete", { clusterId: old.id }, true);
const { cluster } = await trpc<{ cluster: { id: string; status: string } }>(
  cookie,
  "clusters.register",
  { name: "local", auth: { mode: "kubeconfig", kubeconfig: readFileSync(kubeconfigPath, "utf8") } },
  true,
);
const benchmarks = await trpc<{ key: string }[]>(cookie, "benchmarks.list");
if (!benchmarks.some((b) => b.key === LOCAL_BENCHMARK.key))
  await trpc(cookie, "benchmarks.create", LOCAL_BENCHMARK, true);
console.log(
  `[local-cluster] registered as "local" (${cluster.status}); benchmark ${LOCAL_BENCHMARK.key} ready to run: ${appUrl}/benchmarks`,
);
