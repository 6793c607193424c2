import type { TMeshKind, TPathHop, TProtocol, TTopology } from "@meshbench/contracts";
import { describe, expect, it } from "vitest";
import {
  type HopCounters,
  judgePath,
  PATH_TOLERANCE,
  type PathReadings,
  pathValidityFlags,
  type TrialTraffic,
} from "./judge";

const ZERO: HopCounters = {
  requests: 0,
  mtlsRequests: 0,
  connections: 0,
  mtlsConnections: 0,
  responseBytes: 0,
  mtlsResponseBytes: 0,
};
/** What a 3 s, 200 QPS, 4-connection HTTP trial sent (the real ambient run: 600 × 75 bytes). */
const HTTP: TrialTraffic = { protocol: "http1", requests: 600, responseBytes: 45_000 };

/** Counters grown by `share` of the trial's traffic, mTLS on `mtls` of it. */
function grown(share: number, mtls = share, sent: TrialTraffic = HTTP): HopCounters {
  const bytes = (sent.responseBytes ?? 0) * share;
  return {
    requests: sent.requests * share,
    mtlsRequests: sent.requests * mtls,
    connections: share > 0 ? 4 : 0,
    mtlsConnections: mtls > 0 ? 4 : 0,
    responseBytes: bytes,
    mtlsResponseBytes: (sent.responseBytes ?? 0) * mtls,
  };
}

const IN_MESH: TTopology = {
  client: "in-mesh",
  hops: ["client-proxy", "server-proxy"],
  mtls: true,
};
const all = (c: HopCounters, hops: TPathHop[] = ["client-proxy", "server-proxy"]): PathReadings =>
  Object.fromEntries(hops.map((h) => [h, { counters: c }]));

function judge(
  mesh: TMeshKind,
  after: PathReadings,
  topology: TTopology = IN_MESH,
  protocol: TProtocol = "http1",
) {
  const hops = Object.keys(after) as TPathHop[];
  return judgePath({
    mesh,
    topology,
    before: all(ZERO, hops),
    after,
    sent: { ...HTTP, protocol },
  });
}

describe("judgePath: each proxy type against what the trial sent", () => {
  // ztunnel is L4 (connections and bytes); sidecars, waypoints and Linkerd's proxy are L7.
  const cases: { mesh: TMeshKind; measure: string; silent?: TPathHop; topology?: TTopology }[] = [
    { mesh: "istio-ambient", measure: "response bytes" },
    { mesh: "istio-sidecar", measure: "requests" },
    { mesh: "linkerd", measure: "requests" },
    {
      mesh: "istio-ambient",
      measure: "requests",
      silent: "waypoint",
      topology: {
        client: "in-mesh",
        hops: ["client-proxy", "waypoint", "server-proxy"],
        mtls: true,
      },
    },
  ];
  for (const { mesh, measure, silent = "server-proxy", topology = IN_MESH } of cases) {
    const label = `${mesh}${topology.hops.includes("waypoint") ? " with a waypoint" : ""}`;
    const hops = topology.hops;

    it(`${label}: counters that rose by the trial's traffic, with mTLS → verified`, () => {
      const check = judge(mesh, all(grown(1), hops), topology);
      expect(check.status).toBe("verified");
      expect(check.hops.map((h) => [h.hop, h.status])).toEqual(hops.map((h) => [h, "verified"]));
      expect(check.summary).toMatch(/^path verified/);
      expect(pathValidityFlags(check)).toEqual([]);
    });

    it(`${label}: a ${silent} whose counters did not move → flagged`, () => {
      const after = { ...all(grown(1), hops), [silent]: { counters: ZERO } };
      const check = judge(mesh, after, topology);
      expect(check.status).toBe("not_verified");
      expect(check.hops.map((h) => [h.hop, h.status])).toEqual(
        hops.map((h) => [h, h === silent ? "not_verified" : "verified"]),
      );
      expect(check.summary).toMatch(/^traffic did not take the declared path: .* counted 0 /);
      expect(check.summary).toContain(measure);
      const [flag] = pathValidityFlags(check);
      expect(flag).toMatchObject({ code: "path_not_verified", severity: "invalid" });
    });

    it(`${label}: counters that rose by only 10% of the traffic → flagged`, () => {
      const check = judge(mesh, all(grown(0.1), hops), topology);
      expect(check.status).toBe("not_verified");
      expect(check.hops.every((h) => h.status === "not_verified")).toBe(true);
      expect(check.summary).toMatch(/needs ≥/);
    });

    it(`${label}: the traffic without mTLS where it was expected → flagged`, () => {
      const check = judge(mesh, all(grown(1, 0), hops), topology);
      expect(check.status).toBe("not_verified");
      expect(check.summary).toMatch(/carried it without the expected mTLS \(0 of /);
    });
  }

  it("holds the stated tolerance exactly: 90% of the responses' bytes passes, just under fails", () => {
    const at = (share: number) =>
      judge("istio-ambient", all(grown(share))).hops.map((h) => h.status);
    expect(at(PATH_TOLERANCE.l4ByteShare)).toEqual(["verified", "verified"]);
    expect(at(PATH_TOLERANCE.l4ByteShare - 0.001)).toEqual(["not_verified", "not_verified"]);
  });

  it("does not judge mTLS at a reporter that does not say (an Envoy client sidecar's source report)", () => {
    const client = { ...grown(1), mtlsRequests: null };
    const check = judge("istio-sidecar", {
      "client-proxy": { counters: client },
      "server-proxy": { counters: grown(1) },
    });
    expect(check.status).toBe("verified");
  });

  it("judges an L7 proxy by connections and bytes when the load is TCP", () => {
    const check = judge(
      "istio-sidecar",
      all({ ...grown(1), requests: 0, mtlsRequests: 0 }),
      IN_MESH,
      "tcp",
    );
    expect(check.status).toBe("verified");
    expect(check.hops[0]!.measures.map((m) => m.measure)).toEqual([
      "connections",
      "response-bytes",
    ]);
  });

  it("client outside: the server's ztunnel without mTLS verifies; the client's ztunnel carrying it does not", () => {
    const outside: TTopology = { client: "outside", hops: ["server-proxy"], mtls: false };
    const ok = judge(
      "istio-ambient",
      { "client-proxy": { counters: ZERO }, "server-proxy": { counters: grown(1, 0) } },
      outside,
    );
    expect(ok.status).toBe("verified");
    expect(ok.hops.find((h) => h.hop === "client-proxy")).toMatchObject({
      expected: false,
      status: "verified",
    });
    const inMeshAfterAll = judge("istio-ambient", all(grown(1)), outside);
    expect(inMeshAfterAll.status).toBe("not_verified");
    expect(inMeshAfterAll.summary).toMatch(
      /client side\) carried .* although the declared path does not cross it/,
    );
    expect(inMeshAfterAll.summary).toMatch(/which the declared path does not expect/);
  });

  it("a waypoint declared but bypassed (it counted nothing) → flagged", () => {
    const topology: TTopology = {
      client: "in-mesh",
      hops: ["client-proxy", "waypoint", "server-proxy"],
      mtls: true,
    };
    const check = judge(
      "istio-ambient",
      { ...all(grown(1)), waypoint: { counters: ZERO } },
      topology,
    );
    expect(check.status).toBe("not_verified");
    expect(check.summary).toMatch(
      /^traffic did not take the declared path: waypoint counted 0 of 600 requests/,
    );
  });

  it("unreadable counters or a missing proxy → unchecked with a warning; a counter reset is not a pass", () => {
    const unreadable = judge("istio-ambient", {
      ...all(grown(1)),
      "server-proxy": { unreadable: "HTTP 503" },
    });
    expect(unreadable.status).toBe("unchecked");
    const [flag, ...more] = pathValidityFlags(unreadable);
    expect(more).toEqual([]);
    expect(flag).toMatchObject({ code: "path_unchecked", severity: "warning" });
    expect(flag?.message).toContain("HTTP 503");
    const missing = judge("linkerd", { "client-proxy": { counters: grown(1) } });
    expect(missing.status).toBe("unchecked");
    const reset = judgePath({
      mesh: "istio-ambient",
      topology: IN_MESH,
      before: all(grown(5)),
      after: all(grown(1)),
      sent: HTTP,
    });
    expect(reset.status).toBe("not_verified");
    expect(reset.summary).toMatch(/went backwards/);
  });

  it("a declared proxy that is not there at all → flagged (e.g. no sidecar in the load generator's pod)", () => {
    const absent = { absent: "no istio-proxy container in the load generator's pod" };
    const check = judge("istio-sidecar", {
      "client-proxy": absent,
      "server-proxy": { counters: grown(1) },
    });
    expect(check.status).toBe("not_verified");
    expect(check.summary).toBe(
      "traffic did not take the declared path: Istio sidecar (client side) is not there: no istio-proxy container in the load generator's pod",
    );
  });

  it("a mesh without counters Meshbench reads is unchecked, with no flag on the trial", () => {
    for (const mesh of ["kmesh", "cilium", "custom"] as const) {
      const check = judge(mesh, {});
      expect(check.status, mesh).toBe("unchecked");
      expect(check.summary, mesh).toMatch(/path unchecked/);
      expect(pathValidityFlags(check), mesh).toEqual([]);
    }
  });

  it("Kmesh with a waypoint: the waypoint is checked, the daemon's hops unchecked", () => {
    const topology: TTopology = {
      client: "in-mesh",
      hops: ["client-proxy", "waypoint", "server-proxy"],
      mtls: true,
    };
    const check = judge("kmesh", { waypoint: { counters: ZERO } }, topology);
    expect(check.status).toBe("not_verified");
    expect(check.hops.map((h) => [h.hop, h.proxy, h.status])).toEqual([
      ["client-proxy", "kmesh", "unchecked"],
      ["waypoint", "waypoint", "not_verified"],
      ["server-proxy", "kmesh", "unchecked"],
    ]);
  });
});
