/**
 * Meshbench's own detection against a real Istio ambient install (the real-mesh layer's cluster):
 * the cluster registered through the services, as the web app registers one, reports istiod,
 * ztunnel and istio-cni with the version their images carry, and the istio-ambient variant as
 * available.
 */
import { realMesh } from "@meshbench/testing/real-cluster-context";
import { describe, expect, it } from "vitest";
import { useRealNodeWorkspace } from "./test-support/real-node-workspace";

describe("mesh detection on a real Istio ambient install", () => {
  const ws = useRealNodeWorkspace("real-mesh-detection");

  it("reports istiod, ztunnel and istio-cni with their versions", async () => {
    const mesh = realMesh();
    const cluster = await ws.caller().services.clusters.get(ws.workspaceId, ws.clusterId);
    const istio = cluster?.detectedMeshes?.istio;
    const component = (name: string) => ({
      found: true,
      version: mesh.version,
      namespace: mesh.namespace,
      name,
    });
    expect(istio?.istiod).toEqual(component("istiod"));
    expect(istio?.ztunnel).toEqual(component("ztunnel"));
    expect(istio?.cni).toEqual(component("istio-cni-node"));
    expect(cluster?.detectedMeshes?.variants["istio-ambient"]?.available).toBe(true);
    console.log(
      `[real-mesh] detected istiod, ztunnel, istio-cni ${mesh.version} (${mesh.source}: ${mesh.provenance})`,
    );
  });
});
