export type {
  ClusterFacts,
  ClusterGateway,
  CpuCounterReading,
  PreparedVariant,
  TrialHandle,
  TrialInput,
  TrialOutcome,
  UsageSample,
  VariantDescription,
} from "./gateway";
export { KubeClusterGateway, type KubeClusterGatewayOptions } from "./kube-cluster-gateway";
export {
  KubeconfigVault,
  localDevVaultKeys,
  parseVaultKeys,
  type VaultKey,
} from "./cluster/kubeconfig-vault";
export {
  checkKubeconfig,
  listContexts,
  selectContext,
  type CheckedKubeconfig,
} from "./cluster/kubeconfig";
export {
  ClusterConnection,
  openCluster,
  type ClusterCredentials,
  type InClusterAccess,
  type OpenClusterOptions,
} from "./cluster/open-cluster";
export {
  describeLoadGeneratorMesh,
  LABELS,
  loadGeneratorMeshMetadata,
  meshNamespaceMetadata,
  trialLabel,
  variantNamespace,
} from "./manifests/labels";
export { formatContainerRoles, parseContainerRoles } from "./usage/container-roles";
export { withVariantPodConfig } from "./manifests/variant-pods";
export { waypointProblem } from "./steps/waypoint";
export { buildLoadGeneratorDeployment } from "./manifests/load-generator";
export { describeRunRequest, fortioRunQuery } from "./fortio/run-query";
export { buildVariantNamespace } from "./manifests/namespace";
export { buildTargetDeployment, buildTargetService, type TargetInput } from "./manifests/target";
export { targetUrl } from "./fortio/target-url";
export { controlPlaneNamespaces, detectMeshes } from "./cluster/detection";
export { classifyContainer, meshProblem, type PodInfo } from "./steps/mesh-check";
export { REQUIRED_PERMISSIONS, describePermission } from "./cluster/permissions";
export {
  applyBundle,
  BundleClient,
  BundleError,
  bundleNotReady,
  deleteBundle,
  type BundleKube,
} from "./steps/apply-bundle";
export {
  describeBundleProblems,
  entryProblem,
  parseBundle,
  type BundleObject,
  type BundleProblem,
} from "./manifests/bundle";
export type { TargetProblem } from "./manifests/target-validation";
export * from "./policy";
export { buildSampleApp, sampleAppEntry, sampleTierName } from "./manifests/sample-app";
export { serviceOfUrl } from "./steps/target-plan";
