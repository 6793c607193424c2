import {
  DomainError,
  TEMPLATE_KEYS,
  ZBenchmarkDefinition,
  type TBenchmarkDefinition,
  type TTemplateOptions,
} from "@meshbench/contracts";
import { describe, expect, it } from "vitest";
import { countTrials } from "../planning";
import { buildTemplate, listTemplates, TEST_SCALE } from "./index";

function parsed(key: (typeof TEMPLATE_KEYS)[number], options: TTemplateOptions = {}) {
  return ZBenchmarkDefinition.parse(buildTemplate(key, options).definition);
}

function variant(def: TBenchmarkDefinition, name: string) {
  const v = def.variants.find((x) => x.name === name);
  if (!v) throw new Error(`no variant ${name} in ${def.variants.map((x) => x.name).join(",")}`);
  return v;
}

describe("templates", () => {
  it("lists the five write-ups in order, each with a mode and default meshes it allows", () => {
    const list = listTemplates();
    expect(list.map((t) => t.key)).toEqual([...TEMPLATE_KEYS]);
    for (const t of list) {
      expect(t.modes.map((m) => m.value)).toContain(t.defaultMode);
      for (const m of t.defaultMeshes) expect(t.allowedMeshes).toContain(m);
    }
  });

  it.each(
    listTemplates().flatMap((t) =>
      t.modes.map((m) => [t.key, m.value] as [(typeof TEMPLATE_KEYS)[number], string]),
    ),
  )(
    "%s (%s) parses, names its template, cites the write-up and starts with no mesh",
    (key, mode) => {
      const def = parsed(key, { mode });
      expect(def.template).toBe(key);
      expect(def.description).toContain(`template ${key}`);
      expect(def.variants[0]).toMatchObject({ name: "no-mesh", mesh: "baseline" });
      expect(def.reportSections.length).toBeGreaterThan(0);
      expect(countTrials(def)).toBeGreaterThan(0);
    },
  );

  it("A: sample app, whole app via front or one service, 100 RPS × 10 connections × 3 reps, anti-affinity, 2 replicas", () => {
    const whole = parsed("ambient-vs-no-mesh");
    expect(whole.target).toMatchObject({ kind: "sample-app", entry: "front", replicas: 2 });
    expect(whole.loadMatrix.qps).toEqual([100]);
    expect(whole.loadMatrix.connections).toEqual([10]);
    expect(whole.repetitions).toBe(3);
    expect(whole.methodology.placement.antiAffinity).toBe(true);
    expect(whole.variants.map((v) => v.mesh)).toEqual(["baseline", "istio-ambient"]);
    const one = parsed("ambient-vs-no-mesh", { mode: "one-service" });
    expect(one.target).toMatchObject({ kind: "sample-app", entry: "leaf" });
    expect(one.key).not.toBe(whole.key);
  });

  it("B: ELCA's eight levels for 70 s with 5 s discarded, 30 connections, 150m/325m CPU and 128/256Mi target, sidecar CPU limit 200m, ramp as a capacity search", () => {
    const fixed = parsed("elca-feature-cost");
    expect(fixed.loadMatrix.qps).toEqual([100, 200, 400, 700, 1000, 1200, 1500, 1800]);
    expect([fixed.durationSeconds, fixed.warmupSeconds]).toEqual([70, 5]);
    expect(fixed.loadMatrix.connections).toEqual([30]);
    expect(fixed.description).toMatch(/closed loop with an RPS cap/);
    expect(fixed.description).not.toMatch(/open-loop/);
    expect(fixed.target).toMatchObject({
      kind: "fortio-echo",
      replicas: 4,
      resources: {
        requests: { cpu: "150m", memory: "128Mi" },
        limits: { cpu: "325m", memory: "256Mi" },
      },
    });
    expect(fixed.methodology.sidecarResources?.limits.cpu).toBe("200m");
    expect(fixed.variants.map((v) => v.mesh)).toEqual(["baseline", "istio-sidecar", "linkerd"]);
    // Istio's default retries are switched off for fairness; Linkerd gets no Istio objects.
    expect(variant(fixed, "istio-sidecar").manifests).toContain("attempts: 0");
    expect(variant(fixed, "linkerd").manifests).toBe("");
    const ramp = parsed("elca-feature-cost", { mode: "ramp" });
    expect(ramp.capacity).toMatchObject({ startQps: 100, minAchievedPercent: 95 });
    expect(ramp.reportSections).toContain("capacity");
  });

  it("B: feature cost as per-variant manifests — mTLS off/on, observability, authorization", () => {
    const def = parsed("elca-feature-cost", { mode: "feature-cost", meshes: ["istio-sidecar"] });
    expect(def.variants.map((v) => v.name)).toEqual([
      "no-mesh",
      "istio-sidecar-mtls-off",
      "istio-sidecar",
      "istio-sidecar-mtls-obs",
      "istio-sidecar-authz",
    ]);
    expect(variant(def, "istio-sidecar-mtls-off").manifests).toMatch(
      /PeerAuthentication[\s\S]*mode: DISABLE/,
    );
    expect(variant(def, "istio-sidecar").manifests).toMatch(/mode: STRICT/);
    expect(variant(def, "istio-sidecar-mtls-obs").manifests).toContain("kind: Telemetry");
    expect(variant(def, "istio-sidecar-authz").manifests).toContain("kind: AuthorizationPolicy");
    expect(() =>
      buildTemplate("elca-feature-cost", { mode: "feature-cost", meshes: ["linkerd"] }),
    ).toThrow(/feature cost needs an Istio mesh/);
  });

  it("B: ambient's feature cost goes through a waypoint for its L7 features, attached to the target's Service", () => {
    const def = parsed("elca-feature-cost", { mode: "feature-cost", meshes: ["istio-ambient"] });
    expect(def.variants.map((v) => [v.name, v.waypoint ?? null])).toEqual([
      ["no-mesh", null],
      ["istio-ambient", null],
      ["istio-ambient-waypoint", "waypoint"],
      ["istio-ambient-mtls-obs", "waypoint"],
      ["istio-ambient-authz", "waypoint"],
    ]);
    const authz = variant(def, "istio-ambient-authz").manifests;
    expect(authz).toMatch(/kind: Gateway[\s\S]*gatewayClassName: istio-waypoint/);
    expect(authz).toMatch(/kind: AuthorizationPolicy[\s\S]*targetRefs:\n {4}- kind: Service/);
    expect(variant(def, "istio-ambient-mtls-obs").manifests).toMatch(
      /kind: Telemetry[\s\S]*targetRefs:/,
    );
    // ztunnel never retries: no VirtualService in ambient, in any mode.
    for (const v of def.variants) expect(v.manifests).not.toContain("VirtualService");
    const fixed = parsed("elca-feature-cost", { meshes: ["istio-ambient"] });
    expect(variant(fixed, "istio-ambient").manifests).toBe("");
  });

  it("every template policy is scoped to the target: a pod selector on component=target, or targetRefs to its Service", () => {
    const policy =
      /^kind: (PeerAuthentication|AuthorizationPolicy|Telemetry|RequestAuthentication)$/m;
    let seen = 0;
    for (const t of listTemplates())
      for (const mode of t.modes)
        for (const mesh of t.allowedMeshes) {
          let def;
          try {
            def = parsed(t.key, { mode: mode.value, meshes: [mesh] });
          } catch {
            continue;
          }
          for (const doc of def.variants.flatMap((v) => v.manifests.split("\n---\n"))) {
            if (!policy.test(doc)) continue;
            seen += 1;
            expect(doc).toMatch(
              /\n {2}selector:\n {4}matchLabels:\n {6}meshbench\.io\/component: target\n|\n {2}targetRefs:\n {4}- kind: Service\n {6}group: ""\n {6}name: echo\n/,
            );
          }
        }
    expect(seen).toBeGreaterThan(10);
  });

  it("every template says what it cannot reproduce", () => {
    for (const t of listTemplates()) expect(t.cannotReproduce.length).toBeGreaterThan(0);
  });

  it("C: the 2021 re-run's 20/200/2000 RPS, 8 runs × 10 min, 3 worst by max dropped, 128 connections, multi-hop sample app", () => {
    const def = parsed("linkerd-vs-istio");
    expect(def.loadMatrix.qps).toEqual([20, 200, 2000]);
    expect(def.loadMatrix.connections).toEqual([128]);
    expect(def.repetitions).toBe(8);
    expect(def.durationSeconds).toBe(600);
    expect(def.methodology.runRule).toEqual({ dropWorst: 3, by: "max" });
    const summary = listTemplates().find((t) => t.key === "linkerd-vs-istio")!;
    expect(summary.writeUp.url).toBe(
      "https://linkerd.io/2021/11/29/linkerd-vs-istio-benchmarks-2021/",
    );
    expect(summary.writeUp.title).toMatch(/2021 Redux/);
    expect(def.description).not.toMatch(/2019/);
    expect(def.target).toMatchObject({ kind: "sample-app", entry: "front" });
    expect((def.target as { tiers: number }).tiers).toBeGreaterThanOrEqual(3);
    expect(def.reportSections).toEqual(expect.arrayContaining(["mean-sd-bars", "per-repetition"]));
    expect(countTrials(def)).toBe(3 * 3 * 8);
  });

  it("D: 1000 QPS, 16 among the connections, 1 KB, proxy concurrency 2 per pod, telemetry modes, added latency vs connections", () => {
    const def = parsed("istio-perf-page");
    expect(def.loadMatrix.qps).toEqual([1000]);
    expect(def.loadMatrix.connections).toContain(16);
    expect(def.loadMatrix.connections).toEqual([2, 4, 8, 16, 32, 64]);
    expect(def.loadMatrix.payloadBytes).toEqual([1024]);
    expect(variant(def, "istio-sidecar").podAnnotations).toEqual({
      "proxy.istio.io/config": "concurrency: 2",
    });
    expect(variant(def, "istio-sidecar-no-telemetry").manifests).toContain("disabled: true");
    expect(def.reportSections.slice(0, 2)).toEqual(["added-latency", "latency-vs-connections"]);
    expect(() => buildTemplate("istio-perf-page", { meshes: ["linkerd"] })).toThrow(/meshes\[0\]/);
  });

  it("D and E take a custom mesh as one plain variant: no Istio telemetry, concurrency or waypoint", () => {
    const d = parsed("istio-perf-page", { meshes: ["custom", "istio-ambient"] });
    // ztunnel's metrics are not the Telemetry API's: no telemetry-off variant for ambient.
    expect(d.variants.map((v) => v.name)).toEqual(["no-mesh", "custom", "istio-ambient"]);
    expect(variant(d, "custom")).toMatchObject({ manifests: "", podAnnotations: {}, labels: {} });
    const e = parsed("kmesh-vs-ambient", { meshes: ["custom", "kmesh"] });
    expect(e.variants.map((v) => v.name)).toEqual(["no-mesh", "custom", "kmesh", "kmesh-waypoint"]);
    expect(variant(e, "custom").waypoint).toBeUndefined();
    expect(variant(e, "custom").manifests).toBe("");
    for (const v of e.variants.filter((x) => x.manifests.includes("kind: Gateway")))
      expect(["istio-ambient", "kmesh"]).toContain(v.mesh);
  });

  it("E: connections 1…128, max throughput and 1024 QPS, L4 and L7, waypoint on the server's node at 2 CPU / 1 GiB", () => {
    const def = parsed("kmesh-vs-ambient");
    expect(def.loadMatrix.connections).toEqual([1, 2, 4, 8, 16, 32, 64, 128]);
    expect(def.loadMatrix.qps).toEqual(["max", 1024]);
    expect(def.loadMatrix.protocols).toEqual(["tcp", "http1"]);
    const wp = variant(def, "kmesh-waypoint");
    expect(wp.waypoint).toBe("waypoint");
    expect(wp.manifests).toMatch(/kind: Gateway[\s\S]*gatewayClassName: istio-waypoint/);
    expect(wp.manifests).toContain('cpu: "2", memory: 1Gi');
    expect(wp.manifests).toContain("topologyKey: kubernetes.io/hostname");
    expect(variant(def, "istio-ambient-waypoint").waypoint).toBe("waypoint");
    expect(def.reportSections[0]).toBe("throughput-vs-connections");
  });

  it("takes the user's mesh per slot and refuses duplicates, unknown modes and too many meshes", () => {
    const def = parsed("linkerd-vs-istio", { meshes: ["istio-ambient", "cilium"] });
    expect(def.variants.map((v) => v.mesh)).toEqual(["baseline", "istio-ambient", "cilium"]);
    const bad = (o: TTemplateOptions) => {
      try {
        buildTemplate("linkerd-vs-istio", o);
      } catch (e) {
        return e instanceof DomainError ? [e.code, e.field] : ["other", String(e)];
      }
      return null;
    };
    expect(bad({ meshes: ["linkerd", "linkerd"] })).toEqual(["BAD_REQUEST", "meshes[1]"]);
    expect(bad({ mode: "fast" })).toEqual(["BAD_REQUEST", "mode"]);
    expect(bad({ meshes: ["linkerd", "istio-sidecar", "cilium", "kmesh"] })).toEqual([
      "BAD_REQUEST",
      "meshes",
    ]);
  });

  it.each(
    listTemplates().flatMap((t) =>
      t.modes.map((m) => [t.key, m.value] as [(typeof TEMPLATE_KEYS)[number], string]),
    ),
  )("test scale of %s (%s) is a small valid benchmark keeping variants and rules", (key, mode) => {
    const full = parsed(key, { mode });
    const small = parsed(key, { mode, testScale: true });
    expect(small.durationSeconds).toBe(TEST_SCALE.durationSeconds);
    expect(small.warmupSeconds).toBe(0);
    expect(small.loadMatrix.qps.length).toBeLessThanOrEqual(2);
    expect(small.loadMatrix.connections.length).toBeLessThanOrEqual(2);
    expect(small.repetitions).toBe(Math.max(2, full.methodology.runRule.dropWorst + 1));
    expect(small.methodology.runRule).toEqual(full.methodology.runRule);
    expect(small.methodology.idleGate).toBe(false);
    expect(small.variants).toEqual(full.variants);
    expect(small.loadMatrix.protocols).toEqual(full.loadMatrix.protocols);
    expect(small.reportSections).toEqual(full.reportSections);
    expect(small.key).not.toBe(full.key);
    expect(countTrials(small)).toBeLessThan(countTrials(full));
    expect(countTrials(small)).toBeLessThanOrEqual(small.variants.length * 2 * 2 * 2 * 2);
  });

  it("test scale keeps both max throughput and a fixed rate, and the worst-run rule still has runs to drop", () => {
    const e = parsed("kmesh-vs-ambient", { testScale: true });
    expect(e.loadMatrix.qps).toEqual(["max", 1024]);
    expect(e.loadMatrix.connections).toEqual([1, 128]);
    const c = parsed("linkerd-vs-istio", { testScale: true });
    expect(c.loadMatrix.qps).toEqual([20, 2000]);
    expect(c.repetitions - c.methodology.runRule.dropWorst).toBeGreaterThanOrEqual(1);
  });
});
