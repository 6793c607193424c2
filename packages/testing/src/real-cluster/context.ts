/**
 * For test files of any package whose vitest config uses the real-node global setup
 * (`@meshbench/testing/real-cluster-global-setup`): the shared cluster's details.
 */
import { harnessKubeConfig } from "../harness-kube-config";
import { apiGet } from "./api";
import { inject } from "vitest";
import type { ClusterPlan } from "./plan";
import "./provided-context";

export const realNodeKubeconfig = () => inject("realNodeKubeconfig");
export const realNodeNodes = () => inject("realNodeNodes");
export const realNodeFortioImage = () => inject("realNodeFortioImage");
export const realNodePlan = () => JSON.parse(inject("realNodePlan")) as ClusterPlan;

/** The harness's admin config for the real-node cluster (see harness-kube-config.ts). */
export const realNodeKubeConfig = () => harnessKubeConfig(realNodeKubeconfig());

/** One GET of an apiserver path as the harness's admin (lists, pod logs, proxy paths). */
export const realNodeApiGet = (pathname: string) => apiGet(realNodeKubeConfig(), pathname);

/** The mesh the real-mesh layer's cluster runs (mesh-global-setup.ts). */
export type RealMeshInfo = {
  kind: "istio-ambient";
  namespace: string;
  source: "module" | "release";
  version: string;
  provenance: string;
};
export const realMesh = (): RealMeshInfo => {
  const info = inject("realMesh");
  if (!info) throw new Error("this layer's cluster has no mesh (use vitest.real-mesh.config.ts)");
  return JSON.parse(info) as RealMeshInfo;
};
