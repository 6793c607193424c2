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
} from "./kubeconfig-vault";
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
} from "./labels";
export { formatContainerRoles, parseContainerRoles } from "./container-roles";
export { withVariantPodConfig } from "./variant-pods";
export { waypointProblem } from "./waypoint";
export { buildLoadGeneratorDeployment } from "./manifests/load-generator";
export { describeRunRequest, fortioRunQuery } from "./manifests/fortio-rest";
export { buildVariantNamespace } from "./manifests/namespace";
export { buildTargetDeployment, buildTargetService, type TargetInput } from "./manifests/target";
export { targetUrl } from "./manifests/fortio-args";
export { controlPlaneNamespaces, detectMeshes } from "./detection";
export { classifyContainer, meshProblem, type PodInfo } from "./mesh-verification";
export { REQUIRED_PERMISSIONS, describePermission } from "./permissions";
export {
  applyBundle,
  BundleClient,
  BundleError,
  bundleNotReady,
  deleteBundle,
  type BundleKube,
} from "./apply-bundle";
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
export { serviceOfUrl } from "./target-plan";
