import { ZVariant } from "@meshbench/contracts";
import { describe, expect, it } from "vitest";
import { describeLoadGeneratorMesh } from "../manifests/labels";
import { describeVariantSettings } from "./variant-description";

describe("the variant in the run's environment", () => {
  it("the run's environment states the variant's settings", () => {
    const v = ZVariant.parse({
      name: "hop",
      mesh: "istio-ambient",
      waypoint: "wp",
      podAnnotations: { a: "b" },
      extraContainers: [{ name: "hop", args: ["proxies"] }],
      manifests: "apiVersion: v1\nkind: Service\nmetadata: { name: hop }\n",
      entry: { service: "hop", port: 8090 },
    });
    expect(describeVariantSettings(v, false, "ns")).toEqual({
      "pod annotations": "a=b",
      "extra containers": "hop (proxy, fortio/fortio:1.68.2 proxies)",
      manifests: "Service/hop",
      entry: "hop:8090/",
      waypoint: "wp",
      "load generator": describeLoadGeneratorMesh(false, false),
    });
  });
});
