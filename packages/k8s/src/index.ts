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
  inClusterKubeConfig,
  kubeConfigFor,
  listContexts,
  parseKubeconfig,
  selectContext,
} from "./kubeconfig";
export { LABELS, meshNamespaceMetadata, trialLabel, variantNamespace } from "./labels";
export { buildLoadGeneratorDeployment } from "./manifests/load-generator";
export { describeRunRequest, fortioRunQuery } from "./manifests/fortio-rest";
export { buildVariantNamespace } from "./manifests/namespace";
export { buildTargetDeployment, buildTargetService, type TargetInput } from "./manifests/target";
export { targetUrl } from "./manifests/fortio-args";
export { controlPlaneNamespaces, detectMeshes } from "./detection";
export { classifyContainer, meshProblem, type PodInfo } from "./mesh-verification";
export { REQUIRED_PERMISSIONS, describePermission } from "./permissions";
export { kubeConfigForCluster, type SealedClusterAuth } from "./connect";
