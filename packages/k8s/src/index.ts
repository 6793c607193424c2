// The package's public face: the ClusterGateway port and its adapter, the one way a cluster is
// opened, the cluster policy's definition check, and the load generator's
// mesh rule in words. Nothing here is typed with @kubernetes/client-node.
export type {
  ClusterFacts,
  ClusterGateway,
  CpuCounterReading,
  PreparedVariant,
  LoadGeneratorCpuRoom,
  UsageSample,
} from "./gateway";
export type { PathProbe } from "./path/discovery";
export { KubeClusterGateway } from "./kube-cluster-gateway";
export { checkKubeconfig, listContexts } from "./cluster/kubeconfig";
export {
  ClusterConnection,
  openCluster,
  type ClusterCredentials,
  type InClusterAccess,
} from "./cluster/open-cluster";
export { describeLoadGeneratorMesh } from "./manifests/labels";
export { describeLoad } from "./steps/trial";
export { definitionProblems } from "./policy/definition-policy";
