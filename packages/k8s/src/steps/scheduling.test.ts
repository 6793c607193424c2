import type { V1Pod } from "@kubernetes/client-node";
import { describe, expect, it } from "vitest";
import { unschedulableReason } from "./scheduling";

const pod = (name: string, conditions: NonNullable<V1Pod["status"]>["conditions"]): V1Pod => ({
  metadata: { name },
  status: { phase: "Pending", conditions },
});

describe("unschedulableReason", () => {
  it("names the pod and the scheduler's message when it cannot be placed", () => {
    const message = "0/2 nodes are available: 2 node(s) didn't match pod anti-affinity rules.";
    expect(
      unschedulableReason([
        pod("lg-fortio-1", [{ type: "PodScheduled", status: "True" }]),
        pod("echo-2", [
          { type: "PodScheduled", status: "False", reason: "Unschedulable", message },
        ]),
      ]),
    ).toBe(`pod echo-2 cannot be scheduled: ${message}`);
  });

  it("is null for pods that are placed, still being placed, or going away", () => {
    expect(unschedulableReason([pod("a", [{ type: "PodScheduled", status: "True" }])])).toBeNull();
    expect(unschedulableReason([pod("b", undefined)])).toBeNull();
    const leaving = pod("c", [{ type: "PodScheduled", status: "False", reason: "Unschedulable" }]);
    leaving.metadata!.deletionTimestamp = new Date();
    expect(unschedulableReason([leaving])).toBeNull();
  });
});
