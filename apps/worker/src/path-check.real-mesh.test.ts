/**
 * The mesh-faithful path on a real Istio ambient mesh (the real-mesh layer's 2-node cluster),
 * through the worker, the queue and the database as a user's run goes:
 * 1. the `ambient-vs-no-mesh` template at test scale with the load generator in the mesh (as
 *    write-up A had it): no failed trial, every ambient trial's path verified from both ztunnels'
 *    own counters with mTLS, ztunnel's CPU and memory booked as data plane per level; beside it
 *    the same ambient variant with its client declared outside the mesh ("server side only"):
 *    only the server's ztunnel on the path, plaintext, verified as such;
 * 2. STRICT mTLS scoped to the target, and STRICT for the whole namespace (which covers the load
 *    generator's own pod too): both still run, because its REST port is out of capture;
 * 3. a variant declared ambient whose load goes to pods opted out with
 *    `istio.io/dataplane-mode=none`: every trial flagged "traffic did not take the declared path",
 *    and left out of the comparison.
 * Load goes only to this cluster's pods. The figures (deltas with intervals, the A/A delta beside
 * them, ztunnel CPU per 1000 RPS, the counters seen) are printed for the closing note, not asserted.
 */
import type { TBenchmarkDefinitionInput, TRunReport, TTrialRecord } from "@meshbench/contracts";
import { buildTemplate } from "@meshbench/core";
import { realNodeFortioImage, realNodePlan } from "@meshbench/testing/real-cluster-context";
import { describe, expect, it } from "vitest";
import { useRealNodeWorkspace } from "./test-support/real-node-workspace";
import { until } from "./test-support/until";

const HOSTNAME = "kubernetes.io/hostname";
/** The ambient variant with its client declared outside the mesh. */
const OUTSIDE = "istio-ambient-client-outside";

describe("the path a meshed client's traffic takes, on a real ambient mesh", () => {
  const ws = useRealNodeWorkspace("real-mesh-path");
  const caller = () => ws.caller();
  /** Server on the first node, load generator on the second: two ztunnels per request. */
  const placement = () => {
    const [server, client] = realNodePlan().nodes.map((n) => n.name);
    return {
      antiAffinity: true,
      serverNodeSelector: { [HOSTNAME]: server! },
      loadGeneratorNodeSelector: { [HOSTNAME]: client! },
    };
  };

  async function run(def: TBenchmarkDefinitionInput, timeoutMs: number) {
    const worker = await ws.startWorker({ sampleEveryMs: 2000 });
    try {
      const b = await caller().benchmarks.create(def);
      const { runId } = await caller().runs.start({ benchmarkId: b.id, clusterId: ws.clusterId });
      const done = await until(
        `run ${runId} finished`,
        async () => {
          const r = await caller().runs.get({ runId });
          return r.status === "succeeded" || r.status === "failed" ? r : null;
        },
        timeoutMs,
        1000,
      );
      const report = await caller().services.reports.runReport(ws.workspaceId, runId);
      return { run: done, report };
    } finally {
      await worker.stop();
    }
  }

  const failures = (trials: TTrialRecord[]) =>
    trials.filter((t) => t.status !== "succeeded").map((t) => `${t.key}: ${t.failureReason}`);
  const pathFlags = (t: TTrialRecord) => t.validityFlags.filter((f) => f.code.startsWith("path_"));

  it(
    "ambient-vs-no-mesh, client in the mesh and outside it: every ambient trial's path verified by the ztunnels declared (mTLS only with the client in), ztunnel booked per level",
    { timeout: 1_200_000 },
    async () => {
      const { definition } = buildTemplate("ambient-vs-no-mesh", {
        meshes: ["istio-ambient"],
        testScale: true,
      });
      expect(definition.methodology?.loadGeneratorInMesh).toBe(true);
      const [noMesh, ambient] = definition.variants;
      const { run: done, report } = await run(
        {
          ...definition,
          key: "ambient-real-mesh",
          // A second no-mesh copy: its delta to the first is this machine's A/A noise, printed
          // beside ambient's. 5 repetitions of 10 s give the deltas their intervals.
          // The client outside the mesh: only the server's ztunnel, no mTLS (its own figures).
          variants: [
            noMesh!,
            { name: "no-mesh-aa", mesh: "baseline" },
            ambient!,
            {
              ...ambient!,
              name: OUTSIDE,
              topology: { client: "outside", hops: ["server-proxy"], mtls: false },
            },
          ],
          repetitions: 5,
          durationSeconds: 10,
          methodology: {
            ...definition.methodology,
            placement: placement(),
            fortio: { resolutionSeconds: 0.00002 },
          },
        },
        1_100_000,
      );
      expect(failures(done.trials)).toEqual([]);
      expect(done.status).toBe("succeeded");
      const ambientTrials = done.trials.filter((t) => t.variant === "istio-ambient");
      expect(ambientTrials).toHaveLength(5);
      for (const t of ambientTrials) {
        expect(t.pathCheck?.status, `${t.key}: ${t.pathCheck?.summary}`).toBe("verified");
        expect(pathFlags(t), t.key).toEqual([]);
        for (const hop of ["client-proxy", "server-proxy"]) {
          const h = t.pathCheck!.hops.find((x) => x.hop === hop)!;
          expect(h).toMatchObject({ proxy: "ztunnel", expected: true, status: "verified" });
          const bytes = h.measures.find((m) => m.measure === "response-bytes")!;
          // Every byte of the responses went through this ztunnel with mutual TLS.
          expect(bytes.mtls, `${t.key} ${hop}`).toBe(bytes.counted);
          expect(bytes.counted).toBeGreaterThanOrEqual(bytes.sent!);
        }
      }
      const outsideTrials = done.trials.filter((t) => t.variant === OUTSIDE);
      expect(outsideTrials).toHaveLength(5);
      for (const t of outsideTrials) {
        expect(t.pathCheck?.status, `${t.key}: ${t.pathCheck?.summary}`).toBe("verified");
        const server = t.pathCheck!.hops.find((x) => x.hop === "server-proxy")!;
        expect(server).toMatchObject({ proxy: "ztunnel", expected: true, status: "verified" });
        const bytes = server.measures.find((m) => m.measure === "response-bytes")!;
        expect(bytes.counted).toBeGreaterThanOrEqual(bytes.sent!);
        // Plaintext from a client outside the mesh: no mutual TLS at the server's ztunnel.
        expect(bytes.mtls ?? 0, t.key).toBeLessThanOrEqual(bytes.sent! * 0.1);
      }
      for (const t of done.trials.filter((x) => x.variant.startsWith("no-mesh")))
        expect(t.pathCheck ?? null, t.key).toBeNull();
      expect(report.paths?.map((p) => [p.variant, p.status])).toEqual([
        ["no-mesh", "not_applicable"],
        ["no-mesh-aa", "not_applicable"],
        ["istio-ambient", "verified"],
        [OUTSIDE, "verified"],
      ]);
      // ztunnel's own CPU and memory, booked as data plane (role ztunnel) at the level.
      const ztunnel = (report.levelResources ?? []).filter(
        (r) => r.role === "ztunnel" && r.variant === "istio-ambient",
      );
      expect(ztunnel).toHaveLength(1);
      expect(ztunnel[0]!.meanCpuMillicores).toBeGreaterThan(0);
      expect(ztunnel[0]!.meanMemoryBytes).toBeGreaterThan(0);
      printFigures(report, ambientTrials, outsideTrials);
    },
  );

  it(
    "STRICT on the target and on the whole namespace still runs; a target opted out of ambient is flagged, not measured",
    { timeout: 900_000 },
    async () => {
      const strict = (selector: string) => `apiVersion: security.istio.io/v1
kind: PeerAuthentication
metadata: { name: strict }
spec:
${selector}  mtls: { mode: STRICT }
`;
      const [server] = realNodePlan().nodes.map((n) => n.name);
      const optedOut = `apiVersion: v1
kind: Service
metadata: { name: optout }
spec:
  selector: { app: optout }
  ports: [{ name: http, port: 8080, targetPort: 8080 }]
---
apiVersion: apps/v1
kind: Deployment
metadata: { name: optout }
spec:
  replicas: 1
  selector: { matchLabels: { app: optout } }
  template:
    metadata:
      labels: { app: optout, istio.io/dataplane-mode: none }
    spec:
      nodeSelector: { ${HOSTNAME}: ${server} }
      containers:
      - { name: echo, image: ${realNodeFortioImage()}, args: [server], ports: [{ containerPort: 8080 }] }
`;
      const { run: done, report } = await run(
        {
          key: "ambient-strict-and-bypass",
          name: "STRICT mTLS and a bypassed target",
          target: { kind: "fortio-echo", replicas: 1 },
          variants: [
            {
              name: "strict-target",
              mesh: "istio-ambient",
              manifests: strict(
                "  selector: { matchLabels: { meshbench.io/component: target } }\n",
              ),
            },
            { name: "strict-namespace", mesh: "istio-ambient", manifests: strict("") },
            {
              name: "bypassed",
              mesh: "istio-ambient",
              manifests: optedOut,
              entry: { service: "optout", port: 8080, path: "/echo" },
            },
          ],
          loadMatrix: { qps: [200], connections: [4] },
          repetitions: 2,
          durationSeconds: 5,
          warmupSeconds: 1,
          methodology: {
            loadGeneratorInMesh: true,
            idleGate: false,
            placement: placement(),
            fortio: { resolutionSeconds: 0.00002 },
          },
        },
        800_000,
      );
      expect(failures(done.trials)).toEqual([]);
      for (const variant of ["strict-target", "strict-namespace"])
        for (const t of done.trials.filter((x) => x.variant === variant)) {
          expect(t.errorCount, t.key).toBe(0);
          expect(t.pathCheck?.status, `${t.key}: ${t.pathCheck?.summary}`).toBe("verified");
        }
      const bypassed = done.trials.filter((t) => t.variant === "bypassed");
      expect(bypassed).toHaveLength(2);
      for (const t of bypassed) {
        expect(t.errorCount, t.key).toBe(0);
        expect(t.pathCheck?.status, t.key).toBe("not_verified");
        const [flag, ...more] = pathFlags(t);
        expect(more).toEqual([]);
        expect(flag).toMatchObject({ code: "path_not_verified", severity: "invalid" });
        expect(flag?.message).toMatch(
          /^traffic did not take the declared path: .*ztunnel \(server side\) counted 0 connections/,
        );
        // The client's ztunnel carried it, but without mTLS: the target was not in the mesh.
        expect(flag?.message).toMatch(
          /ztunnel \(client side\) carried it without the expected mTLS \(0 of \d+ connections, 0 of [\d,]+ response bytes with mTLS\)/,
        );
      }
      const paths = Object.fromEntries((report.paths ?? []).map((p) => [p.variant, p]));
      expect(paths["strict-target"]?.status).toBe("verified");
      expect(paths["strict-namespace"]?.status).toBe("verified");
      expect(paths.bypassed?.status).toBe("not_verified");
      expect(paths.bypassed?.checked).toMatch(/^2 of 2 trials did not take the declared path/);
      // Its trials are in no latency table: they are not the mesh's cost.
      const rows = report.levels.flatMap((l) => l.rows).filter((r) => r.variant === "bypassed");
      expect(rows.every((r) => r.repetitions === 0)).toBe(true);
      console.log(
        `[real-mesh] STRICT (target): ${paths["strict-target"]?.checked}\n` +
          `[real-mesh] STRICT (namespace, load generator included): ${paths["strict-namespace"]?.checked}\n` +
          `[real-mesh] bypassed: ${paths.bypassed?.checked}`,
      );
    },
  );
});

/** p50/p90/p99 deltas vs no mesh with their 95% intervals, the A/A copy's beside them, ztunnel's cost. */
function printFigures(
  report: TRunReport,
  ambientTrials: TTrialRecord[],
  outsideTrials: TTrialRecord[],
) {
  const ms = (s: number) => `${s >= 0 ? "+" : ""}${(s * 1000).toFixed(3)} ms`;
  const abs = (s: number | null) => (s === null ? "-" : `${(s * 1000).toFixed(3)} ms`);
  const pct = (r: number) => `${r >= 0 ? "+" : ""}${(r * 100).toFixed(1)}%`;
  const lines: string[] = [];
  for (const level of report.levels)
    for (const row of level.rows.filter((r) => !r.isReference))
      for (const stat of ["p50", "p90", "p99"] as const) {
        const c = row.stats.find((s) => s.stat === stat);
        const d = c?.delta;
        if (!d || d.absolute === null) continue;
        const i = d.interval;
        lines.push(
          `${level.label} ${row.variant} ${stat}: ${abs(c.value)} pooled (no mesh ${abs(d.baseline)}); delta ${ms(d.absolute)}` +
            `${i ? ` [${ms(i.absolute[0])}, ${ms(i.absolute[1])}]` : ""}` +
            `${d.relative !== null ? ` (${pct(d.relative)}${i?.relative ? ` [${pct(i.relative[0])}, ${pct(i.relative[1])}]` : ""})` : ""}`,
        );
      }
  for (const r of (report.levelResources ?? []).filter((x) =>
    x.variant.startsWith("istio-ambient"),
  ))
    lines.push(
      `${r.levelKey} ${r.variant} ${r.role}: mean ${r.meanCpuMillicores.toFixed(1)} m CPU, ${(r.meanMemoryBytes / 2 ** 20).toFixed(1)} MiB; ` +
        `${r.vcpuPer1000Qps === null ? "-" : (r.vcpuPer1000Qps * 1000).toFixed(0)} mCPU per 1000 RPS at ${r.achievedQps?.toFixed(1)} RPS`,
    );
  lines.push(`counters seen (last ambient trial): ${ambientTrials.at(-1)?.pathCheck?.summary}`);
  lines.push(
    `counters seen (last client-outside trial): ${outsideTrials.at(-1)?.pathCheck?.summary}`,
  );
  for (const p of report.paths ?? []) lines.push(`path ${p.variant}: ${p.declared} — ${p.checked}`);
  console.log(`[real-mesh] ambient-vs-no-mesh figures\n${lines.join("\n")}`);
}
