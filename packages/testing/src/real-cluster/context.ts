/**
 * For test files of any package whose vitest config uses the real-node global setup
 * (`@meshbench/testing/real-cluster-global-setup`): the shared cluster's details.
 */
import { harnessKubeConfig } from "../harness-kube-config";
import { inject } from "vitest";
import type { ClusterPlan } from "./plan";
import "./provided-context";

export const realNodeKubeconfig = () => inject("realNodeKubeconfig");
export const realNodeNodes = () => inject("realNodeNodes");
export const realNodeFortioImage = () => inject("realNodeFortioImage");
export const realNodePlan = () => JSON.parse(inject("realNodePlan")) as ClusterPlan;

/** The harness's admin config for the real-node cluster (see harness-kube-config.ts). */
export const realNodeKubeConfig = () => harnessKubeConfig(realNodeKubeconfig());
