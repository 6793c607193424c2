import { describe, expect, it } from "vitest";
import {
  bucketedInstants,
  type ContainerSample,
  roleUsage,
  samplingIntervalMs,
} from "./usage-buckets";

const s = (pod: string, ms: number, cpu: number, mem = cpu * 1e6): ContainerSample => ({
  role: "proxy",
  pod,
  container: "istio-proxy",
  cpuMillicores: cpu,
  memoryBytes: mem,
  sampledAt: ms,
});

describe("bucketedInstants (pods stamped apart are still summed)", () => {
  it("sums two pods sampled 300 ms apart into one instant per interval", () => {
    const samples = [0, 1, 2].flatMap((i) => [
      s("a", i * 1000 + 100, 10),
      s("b", i * 1000 + 400, 20),
    ]);
    const instants = bucketedInstants(samples, 1000);
    expect(instants.map((i) => [i.t, i.cpuMillicores, i.containers])).toEqual([
      [0, 30, 2],
      [1000, 30, 2],
      [2000, 30, 2],
    ]);
  });

  it("takes each container's latest sample in a bucket", () => {
    const instants = bucketedInstants([s("a", 100, 10), s("a", 900, 50), s("b", 500, 1)], 1000);
    expect(instants).toEqual([{ t: 0, cpuMillicores: 51, memoryBytes: 51e6, containers: 2 }]);
  });

  it("carries a container forward over a bucket it missed inside its lifetime, not beyond", () => {
    // b is stamped late (jitter) and skips bucket 1; a stops after bucket 1.
    const samples = [
      s("a", 0, 10),
      s("a", 1000, 10),
      s("b", 10, 5),
      s("b", 2990, 7),
      s("c", 2000, 1),
    ];
    const instants = bucketedInstants(samples, 1000);
    expect(instants.map((i) => [i.t, i.cpuMillicores])).toEqual([
      [0, 15],
      [1000, 15],
      [2000, 8],
    ]);
  });

  it("accepts ISO strings and Dates, and rejects garbage", () => {
    const iso = bucketedInstants(
      [
        { ...s("a", 0, 1), sampledAt: "1970-01-01T00:00:00.500Z" },
        { ...s("b", 0, 2), sampledAt: new Date(700) },
      ],
      1000,
    );
    expect(iso[0]!.cpuMillicores).toBe(3);
    expect(() => bucketedInstants([{ ...s("a", 0, 1), sampledAt: "nope" }], 1000)).toThrow(
      RangeError,
    );
    expect(() => bucketedInstants([s("a", 0, 1)], 0)).toThrow(RangeError);
  });

  it("the sum equals the per-pod values for any stagger below the interval", () => {
    for (let offset = 0; offset < 1000; offset += 97) {
      const samples = [0, 1, 2, 3].flatMap((i) => [
        s("a", i * 1000, 10),
        s("b", i * 1000 + offset, 20),
      ]);
      const instants = bucketedInstants(samples, 1000);
      for (const i of instants) expect(i.cpuMillicores).toBe(30);
    }
  });
});

describe("samplingIntervalMs", () => {
  it("is the median gap of one container's samples, not the gap between pods", () => {
    const samples = [0, 1, 2, 3].flatMap((i) => [s("a", i * 2000, 1), s("b", i * 2000 + 150, 1)]);
    expect(samplingIntervalMs(samples)).toBe(2000);
    expect(samplingIntervalMs([s("a", 0, 1)], 5000)).toBe(5000);
  });
});

describe("roleUsage", () => {
  it("gives summed means and maxima, and the max of any single container", () => {
    const samples = [
      s("a", 0, 10, 100),
      s("b", 300, 30, 50),
      s("a", 1000, 20, 120),
      s("b", 1300, 10, 60),
    ];
    const u = roleUsage("proxy", samples);
    expect(u.instants).toBe(2);
    expect(u.containers).toBe(2);
    expect(u.meanCpuMillicores).toBe(35);
    expect(u.maxCpuMillicores).toBe(40);
    expect(u.meanMemoryBytes).toBe(165);
    expect(u.maxMemoryBytes).toBe(180);
    expect(u.maxSingleCpuMillicores).toBe(30);
    expect(u.maxSingleMemoryBytes).toBe(120);
  });
});
