import { describe, expect, it } from "vitest";
import { runCli } from "../cli";
import { serverIo } from "../test-support/server-io";

const CLUSTER = {
  id: "c1",
  name: "prod",
  status: "ready",
  caps: { maxQps: 500, maxGenerators: 2 },
};

describe("meshbench cluster caps", () => {
  it("prints the caps without flags", async () => {
    const m = serverIo(() => Response.json([CLUSTER]));
    expect(await runCli(["cluster", "caps", "prod"], m.io)).toBe(0);
    expect(m.requests.map((r) => `${r.method} ${r.path}`)).toEqual(["GET /clusters"]);
    expect(m.out()).toContain("total QPS: 500");
    expect(m.out()).toContain("load generators: 2");
  });

  it("changes the caps named, keeps the others, removes one with none", async () => {
    const m = serverIo((method, _path, body) =>
      method === "GET"
        ? Response.json([CLUSTER])
        : Response.json({ ...CLUSTER, ...(body as object) }),
    );
    const argv = ["cluster", "caps", "c1", "--max-trial-seconds", "60", "--max-qps", "none"];
    expect(await runCli(argv, m.io)).toBe(0);
    expect(m.requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ["GET", "/clusters", undefined],
      ["PUT", "/clusters/c1/caps", { caps: { maxGenerators: 2, maxTrialSeconds: 60 } }],
    ]);
    expect(m.out()).toContain("trial duration (s): 60");
    expect(m.out()).not.toContain("total QPS");
  });

  it("refuses a value that is not a whole number before calling", async () => {
    const m = serverIo(() => Response.json([CLUSTER]));
    expect(await runCli(["cluster", "caps", "prod", "--max-qps", "1.5"], m.io)).not.toBe(0);
    expect(m.requests.filter((r) => r.method === "PUT")).toHaveLength(0);
  });
});
