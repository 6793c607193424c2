import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { splitLoad } from "./split-load";

describe("splitting a trial's load over several load generators", () => {
  it("gives one generator the whole load", () => {
    expect(splitLoad({ requestedQps: 1000, connections: 8 }, 1)).toEqual([
      { index: 0, requestedQps: 1000, connections: 8 },
    ]);
  });

  it("splits connections as evenly as integers allow and QPS per connection", () => {
    expect(splitLoad({ requestedQps: 1000, connections: 10 }, 4)).toEqual([
      { index: 0, requestedQps: 300, connections: 3 },
      { index: 1, requestedQps: 300, connections: 3 },
      { index: 2, requestedQps: 200, connections: 2 },
      { index: 3, requestedQps: 200, connections: 2 },
    ]);
  });

  it("keeps an unthrottled trial unthrottled on every generator", () => {
    expect(splitLoad({ requestedQps: null, connections: 4 }, 2)).toEqual([
      { index: 0, requestedQps: null, connections: 2 },
      { index: 1, requestedQps: null, connections: 2 },
    ]);
  });

  it("refuses a generator without a connection", () => {
    expect(() => splitLoad({ requestedQps: 100, connections: 2 }, 3)).toThrow(RangeError);
    expect(() => splitLoad({ requestedQps: 100, connections: 2 }, 0)).toThrow(RangeError);
  });

  it("adds up exactly and paces every connection alike, for any split", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4096 }),
        fc.integer({ min: 1, max: 32 }),
        fc.double({ min: 0.5, max: 200_000, noNaN: true }),
        (connections, wanted, requestedQps) => {
          const generators = Math.min(wanted, connections);
          const parts = splitLoad({ requestedQps, connections }, generators);
          expect(parts).toHaveLength(generators);
          expect(parts.reduce((a, p) => a + p.connections, 0)).toBe(connections);
          const cs = parts.map((p) => p.connections);
          expect(Math.max(...cs) - Math.min(...cs)).toBeLessThanOrEqual(1);
          expect(parts.reduce((a, p) => a + (p.requestedQps ?? 0), 0)).toBe(requestedQps);
          for (const p of parts)
            expect((p.requestedQps ?? 0) / p.connections).toBeCloseTo(
              requestedQps / connections,
              6,
            );
        },
      ),
    );
  });
});
