import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluateIdleGate, idleThreshold } from "./idle-gate";

const start = 1_000_000;
const at = (s: number, cpu: number) => ({ atMs: start + s * 1000, cpuMillicores: cpu });

describe("idle gate", () => {
  it("uses twice the idle level, or 50 m when that is higher", () => {
    expect(idleThreshold({ idleCpuMillicores: 100 })).toBe(200);
    expect(idleThreshold({ idleCpuMillicores: 10 })).toBe(50);
    expect(idleThreshold({ idleCpuMillicores: 25 })).toBe(50);
  });

  it("is ready at the first reading below the threshold", () => {
    const r = evaluateIdleGate([at(0, 400), at(5, 250), at(10, 190), at(15, 100)], {
      idleCpuMillicores: 100,
      startedAtMs: start,
    });
    expect(r).toEqual({
      status: "ready",
      thresholdMillicores: 200,
      readyAtMs: start + 10_000,
      waitedMs: 10_000,
    });
  });

  it("keeps waiting before 30 s, then gives up with a flag; later readings do not rescue it", () => {
    const opts = { idleCpuMillicores: 100, startedAtMs: start };
    expect(evaluateIdleGate([at(0, 400), at(20, 300)], opts)).toMatchObject({
      status: "waiting",
      waitedMs: 20_000,
    });
    expect(evaluateIdleGate([], opts)).toMatchObject({ status: "waiting", waitedMs: 0 });
    const r = evaluateIdleGate([at(0, 400), at(30, 200), at(31, 10)], opts);
    expect(r.status).toBe("gave_up");
    if (r.status === "gave_up") {
      expect(r.flag.code).toBe("target_not_idle");
      expect(r.flag.message).toContain("last reading 200 m");
      expect(r.waitedMs).toBe(30_000);
    }
  });

  it("times out on the caller's clock when no reading comes in, saying so", () => {
    const opts = { idleCpuMillicores: 5, startedAtMs: start };
    expect(evaluateIdleGate([], { ...opts, nowMs: start + 29_000 }).status).toBe("waiting");
    const r = evaluateIdleGate([], { ...opts, nowMs: start + 30_000 });
    expect(r.status).toBe("gave_up");
    if (r.status === "gave_up") expect(r.flag.message).toContain("no CPU reading");
  });

  it("is ready exactly when some in-window reading is below the threshold (property)", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 500, noNaN: true }),
        fc.array(
          fc.record({ s: fc.integer({ min: 0, max: 40 }), cpu: fc.integer({ min: 0, max: 1000 }) }),
        ),
        (idle, rs) => {
          const readings = rs.map((r) => at(r.s, r.cpu));
          const threshold = Math.max(2 * idle, 50);
          const r = evaluateIdleGate(readings, { idleCpuMillicores: idle, startedAtMs: start });
          const anyBelow = rs.some((x) => x.s <= 30 && x.cpu < threshold);
          expect(r.status === "ready").toBe(anyBelow);
          if (!anyBelow) expect(r.status).toBe(rs.some((x) => x.s >= 30) ? "gave_up" : "waiting");
        },
      ),
    );
  });
});
