import { describe, expect, it } from "vitest";
import { ZBenchmarkDefinition } from "./benchmark";

const definition = (methodology: Record<string, unknown>, connections = [4, 16]) => ({
  key: "k",
  name: "n",
  target: { kind: "fortio-echo" },
  variants: [{ name: "baseline", mesh: "baseline" }],
  loadMatrix: { qps: [1000], connections },
  methodology,
});

describe("methodology.loadGenerators", () => {
  it("defaults to one load generator per trial", () => {
    expect(ZBenchmarkDefinition.parse(definition({})).methodology.loadGenerators).toBe(1);
  });

  it("accepts as many as the matrix's fewest connections", () => {
    const d = ZBenchmarkDefinition.parse(definition({ loadGenerators: 4 }));
    expect(d.methodology.loadGenerators).toBe(4);
  });

  it("refuses a generator that would get no connection, naming the field", () => {
    const r = ZBenchmarkDefinition.safeParse(definition({ loadGenerators: 5 }));
    expect(r.success).toBe(false);
    const issue = r.error?.issues.find((i) => i.path.join(".") === "methodology.loadGenerators");
    expect(issue?.message).toContain("at most 4");
  });

  it("refuses zero, fractions and more than 32", () => {
    for (const n of [0, 1.5, 33, "2"])
      expect(ZBenchmarkDefinition.safeParse(definition({ loadGenerators: n }, [64])).success).toBe(
        false,
      );
  });

  it('accepts "auto" whatever the connections (the probe caps it at the fewest), nothing else', () => {
    expect(
      ZBenchmarkDefinition.parse(definition({ loadGenerators: "auto" }, [1])).methodology
        .loadGenerators,
    ).toBe("auto");
    for (const n of ["Auto", "max", null])
      expect(ZBenchmarkDefinition.safeParse(definition({ loadGenerators: n })).success).toBe(false);
  });
});

describe("methodology.rateSeries", () => {
  it("is off unless asked for, and takes plain headers", () => {
    expect(ZBenchmarkDefinition.parse(definition({})).methodology.rateSeries).toBe(false);
    const plain = {
      ...definition({ rateSeries: true }),
      requestHeaders: [{ name: "X-Run", value: "b" }],
    };
    expect(ZBenchmarkDefinition.parse(plain).methodology.rateSeries).toBe(true);
  });

  it("refuses a secret header (benchmark's or a variant's): a pod's arguments would carry it", () => {
    const onBenchmark = {
      ...definition({ rateSeries: true }),
      requestHeaders: [{ name: "Authorization", secret: "jwt" }],
    };
    const base = definition({ rateSeries: true });
    const onVariant = {
      ...base,
      variants: [
        { ...base.variants[0]!, requestHeaders: [{ name: "Authorization", secret: "jwt" }] },
      ],
    };
    for (const d of [onBenchmark, onVariant]) {
      const r = ZBenchmarkDefinition.safeParse(d);
      expect(r.success).toBe(false);
      const issue = r.error?.issues.find((i) => i.path.join(".") === "methodology.rateSeries");
      expect(issue?.message).toMatch(/secret request header/);
    }
    expect(ZBenchmarkDefinition.safeParse({ ...onBenchmark, methodology: {} }).success).toBe(true);
  });
});
