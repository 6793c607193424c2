import type { CpuCounterReading } from "@meshbench/k8s";
import { describe, expect, it } from "vitest";
import { samplesOverWindow } from "./trial-window";

const reading = (container: string, cpu: number | null, atS: number): CpuCounterReading => ({
  namespace: "ns",
  pod: "echo-1",
  container,
  role: "app",
  cpuSecondsTotal: cpu,
  memoryBytes: 1000,
  timestampMs: 1_700_000_000_000 + atS * 1000,
});
const trial = { trialKey: "baseline/qps-100/c8/p0/http1/ka/rep1", variant: "baseline" };

describe("a trial's CPU from the counters at its boundaries", () => {
  it("is the core-seconds used over the window between the two stats times", () => {
    const [s] = samplesOverWindow([reading("echo", 10, 0)], [reading("echo", 13, 20)], trial);
    expect(s).toMatchObject({ cpuMillicores: 150, role: "app", memoryBytes: 1000, ...trial });
    expect(s!.sampledAt.getTime()).toBe(1_700_000_000_000 + 20_000);
  });

  it("gives nothing for a stale window, a restart, a missing counter or a new container", () => {
    expect(samplesOverWindow([reading("echo", 10, 0)], [reading("echo", 10.5, 1)], trial)).toEqual(
      [],
    );
    expect(samplesOverWindow([reading("echo", 10, 0)], [reading("echo", 2, 20)], trial)).toEqual(
      [],
    );
    expect(samplesOverWindow([reading("echo", null, 0)], [reading("echo", 5, 20)], trial)).toEqual(
      [],
    );
    expect(samplesOverWindow([], [reading("echo", 5, 20)], trial)).toEqual([]);
  });
});
