import { describe, expect, it } from "vitest";
import { addedLatency, type LevelLatency } from "./added-latency";

const row = (
  variant: string,
  connections: number,
  p90: number | null,
  p99: number | null,
  protocol = "http1",
): LevelLatency => ({
  variant,
  levelKey: `qps-1000/c${connections}/${protocol}`,
  connections,
  requestedQps: 1000,
  protocol,
  p90,
  p99,
});

describe("addedLatency (D: P90/P99 added by the proxies vs baseline)", () => {
  it("subtracts the baseline at the same level, in ms, per connections", () => {
    const out = addedLatency(
      [
        row("baseline", 16, 0.001, 0.002),
        row("istio", 16, 0.0015, 0.0035),
        row("baseline", 2, 0.0008, 0.001),
        row("istio", 2, 0.001, 0.0012),
      ],
      "baseline",
    );
    expect(out.map((r) => [r.connections, r.variant])).toEqual([
      [2, "istio"],
      [16, "istio"],
    ]);
    expect(out[1]!.p90AddedMs).toBeCloseTo(0.5);
    expect(out[1]!.p99AddedMs).toBeCloseTo(1.5);
    expect(out[0]!.p99AddedMs).toBeCloseTo(0.2);
  });
  it("can be negative (faster than baseline) and is null where a side is missing", () => {
    const out = addedLatency(
      [row("baseline", 4, 0.002, null), row("kmesh", 4, 0.001, 0.003)],
      "baseline",
    );
    expect(out[0]!.p90AddedMs).toBeCloseTo(-1);
    expect(out[0]!.p99AddedMs).toBeNull();
  });
  it("leaves out levels the baseline lacks and keeps protocols apart", () => {
    const out = addedLatency(
      [
        row("baseline", 4, 0.001, 0.001, "tcp"),
        row("a", 4, 0.002, 0.002, "tcp"),
        row("a", 4, 0.003, 0.003, "http1"),
        row("a", 8, 0.1, 0.1, "tcp"),
      ],
      "baseline",
    );
    expect(out).toHaveLength(1);
    expect(out[0]!.protocol).toBe("tcp");
  });
});
