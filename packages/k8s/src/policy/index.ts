/**
 * What a benchmark may create on a cluster (README: "What a benchmark may create on your
 * cluster"). Pure; enforced when a benchmark is saved (services: definitionProblems) and again
 * by the gateway before it applies anything (prepareVariant, parseBundle, the namespace and pod
 * builders), by the same functions.
 */
export { ALLOWED_KINDS, apiGroup, kindProblem } from "./kinds";
export { BASELINE_CAPABILITIES, BASELINE_SYSCTLS, podSecurityProblems } from "./pod-security";
export {
  namespaceMetadataProblems,
  PROXY_CONFIG_KEYS,
  RESERVED_NAMESPACE_ANNOTATIONS,
  RESERVED_NAMESPACE_LABELS,
  RESERVED_POD_ANNOTATIONS,
} from "./reserved";
export { imageProblem } from "./images";
export { podAnnotationProblems, podTemplateProblems } from "./pod-template";
export { GATEWAY_PARAMETER_KEYS } from "./gateway-api";
export { bundlePolicyProblems } from "./bundle-policy";
export { definitionProblems, variantProblems } from "./definition-policy";
export { ENFORCING_MESHES, namespacePodSecurityLabels } from "./namespace-labels";
export { PolicyError } from "./policy-error";
