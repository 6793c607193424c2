import type { TCapacityReport } from "@meshbench/contracts";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CapacitySection } from "./capacity-section";

const capacity: TCapacityReport = {
  slo: { p99Ms: 25, maxErrorPercent: 0.1, minAchievedPercent: 95 },
  baseline: "baseline",
  repetitionsPerProbe: 2,
  trialBudget: 12,
  trialsUsed: 4,
  variants: [
    {
      variant: "baseline",
      status: "converged",
      capacityQps: 1200,
      interval: [1150, 1300],
      lastPass: 1200,
      firstFail: 1250,
      share: null,
      sentence: "1,200 QPS (1,150–1,300), converged",
      probes: [
        {
          requestedQps: 1250,
          passed: false,
          passes: 1,
          repetitions: [
            {
              repetition: 1,
              trialKey: "baseline/qps-1250/c8/p0/http1/ka/rep1",
              actualQps: 1100,
              p99: 0.031,
              errorRate: 0,
              passed: false,
              misses: ["p99 31.0 ms > 25 ms"],
            },
          ],
        },
      ],
    },
    {
      variant: "ambient",
      status: "budget_exhausted",
      capacityQps: 1000,
      interval: [900, null],
      lastPass: 1000,
      firstFail: null,
      share: {
        share: 0.83,
        interval: [0.69, null],
        sentence: "ambient keeps 83% of baseline capacity (69–?%)",
      },
      sentence: "1,000 QPS (≥ 900), trial budget exhausted",
      probes: [],
    },
  ],
};

describe("the capacity section", () => {
  it("shows each capacity, its interval and status, the share, and the probes", () => {
    const html = renderToStaticMarkup(<CapacitySection capacity={capacity} />);
    expect(html).toContain('data-testid="report-capacity"');
    expect(html).toContain("p99 ≤ 25 ms");
    expect(html).toContain("1,200");
    expect(html).toContain("1,150–1,300");
    expect(html).toContain("900–?");
    expect(html).toContain("budget exhausted");
    expect(html).toContain("ambient keeps 83% of baseline capacity");
    expect(html).toContain("fail (1/1)");
    expect(html).toContain("p99 31.0 ms &gt; 25 ms");
  });

  it("shows a search bound by the load generator as a lower bound, never as a capacity", () => {
    const bound: TCapacityReport = {
      ...capacity,
      variants: [
        {
          ...capacity.variants[0]!,
          status: "load_generator_bound",
          capacityQps: 1000,
          interval: [1000, null],
          sentence: "≥ 1,000 QPS (load generator bound): load generator bound",
        },
      ],
    };
    const html = renderToStaticMarkup(<CapacitySection capacity={bound} />);
    expect(html).toContain("≥ 1,000 (load generator bound)");
    expect(html).not.toMatch(/data-capacity="">1,000</);
  });
});
