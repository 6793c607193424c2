import { describe, expect, it } from "vitest";
import { describeBundleProblems, parseBundle } from "../manifests/bundle";

const deployment = (podSpec: string, podMeta = "labels: { app: web }") => `apiVersion: apps/v1
kind: Deployment
metadata: { name: web }
spec:
  selector: { matchLabels: { app: web } }
  template:
    metadata: { ${podMeta} }
    spec: ${podSpec}`;

const refusal = (yaml: string, namespace: string | null = null) => {
  const { objects, problems } = parseBundle(yaml, namespace);
  return { objects: objects.map((o) => o.kind), message: describeBundleProblems(problems) };
};

const WAYPOINT = (configMapData: string, ref = "kind: ConfigMap\n      name: wp-options") => `
apiVersion: gateway.networking.k8s.io/v1
kind: Gateway
metadata: { name: waypoint }
spec:
  gatewayClassName: istio-waypoint
  infrastructure:
    parametersRef:
      group: ""
      ${ref}
  listeners: [{ name: mesh, port: 15008, protocol: HBONE }]
---
apiVersion: v1
kind: ConfigMap
metadata: { name: wp-options }
data:
${configMapData}`;

/** Each forbidden shape a member tried, and the words its refusal must carry. */
const FORBIDDEN: [string, string, RegExp][] = [
  [
    "a privileged Deployment with hostPID and hostPath /",
    deployment(`
      hostPID: true
      volumes: [{ name: root, hostPath: { path: / } }]
      containers: [{ name: web, image: busybox, securityContext: { privileged: true } }]`),
    /Deployment web: the pod sets hostPID.*volume "root" is a hostPath.*container "web" is privileged/,
  ],
  [
    "an init container with NET_ADMIN",
    deployment(`
      initContainers: [{ name: init, image: busybox, securityContext: { capabilities: { add: [NET_ADMIN] } } }]
      containers: [{ name: web, image: busybox }]`),
    /init container "init" adds capabilities NET_ADMIN/,
  ],
  [
    "a StatefulSet on the host network",
    `apiVersion: apps/v1
kind: StatefulSet
metadata: { name: db }
spec:
  serviceName: db
  selector: { matchLabels: { app: db } }
  template:
    metadata: { labels: { app: db } }
    spec: { hostNetwork: true, containers: [{ name: db, image: postgres }] }`,
    /StatefulSet db: the pod sets hostNetwork/,
  ],
  [
    "a pod template asking the injector for a host volume and another proxy image",
    deployment(
      "{ containers: [{ name: web, image: busybox }] }",
      `annotations: { sidecar.istio.io/userVolume: '[{"name":"h","hostPath":{"path":"/"}}]', sidecar.istio.io/proxyImage: evil/proxy }`,
    ),
    /annotation sidecar.istio.io\/userVolume is reserved.*annotation sidecar.istio.io\/proxyImage is reserved/,
  ],
  [
    "Linkerd's proxy image and debug sidecar",
    deployment(
      "{ containers: [{ name: web, image: busybox }] }",
      `annotations: { config.linkerd.io/proxy-image: evil/proxy, config.linkerd.io/enable-debug-sidecar: "true" }`,
    ),
    /config.linkerd.io\/proxy-image is reserved.*enable-debug-sidecar is reserved/,
  ],
  [
    "an image that is an option",
    deployment("{ containers: [{ name: web, image: '--privileged' }] }"),
    /container "web": image "--privileged" is not an image reference/,
  ],
  [
    "a RoleBinding to cluster-admin",
    `apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: { name: escalate }
roleRef: { apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: cluster-admin }
subjects: [{ kind: ServiceAccount, name: default }]`,
    /RoleBinding escalate: a benchmark may not create a RoleBinding of API group "rbac.authorization.k8s.io": RBAC/,
  ],
  [
    "a ClusterRoleBinding",
    "apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRoleBinding\nmetadata: { name: x }",
    /ClusterRoleBinding x: a benchmark may not create/,
  ],
  ["a Namespace", "apiVersion: v1\nkind: Namespace\nmetadata: { name: x }", /create a Namespace/],
  [
    "a mutating webhook",
    "apiVersion: admissionregistration.k8s.io/v1\nkind: MutatingWebhookConfiguration\nmetadata: { name: x }",
    /webhooks and admission policies/,
  ],
  [
    "an EnvoyFilter",
    "apiVersion: networking.istio.io/v1alpha3\nkind: EnvoyFilter\nmetadata: { name: x }",
    /EnvoyFilter.*patches proxies/,
  ],
  [
    "a WasmPlugin",
    "apiVersion: extensions.istio.io/v1alpha1\nkind: WasmPlugin\nmetadata: { name: x }",
    /WasmPlugin.*loads code/,
  ],
  [
    "an Istio Gateway (its selector reaches other namespaces)",
    "apiVersion: networking.istio.io/v1\nkind: Gateway\nmetadata: { name: x }\nspec: { selector: { istio: ingressgateway } }",
    /Gateway x: a benchmark may not create a Gateway of API group "networking.istio.io"/,
  ],
  [
    "a DaemonSet (not on the list)",
    "apiVersion: apps/v1\nkind: DaemonSet\nmetadata: { name: x }",
    /DaemonSet of API group "apps" is not on the list/,
  ],
  [
    "a Service kind under the wrong group",
    "apiVersion: apps/v1\nkind: Service\nmetadata: { name: x }",
    /Service of API group "apps" is not on the list/,
  ],
  [
    "a mesh-wide ServiceEntry (no exportTo)",
    "apiVersion: networking.istio.io/v1\nkind: ServiceEntry\nmetadata: { name: x }\nspec: { hosts: [api.example.com] }",
    /ServiceEntry x: spec.exportTo is absent, which exports it to the whole mesh/,
  ],
  [
    "a DestinationRule exported everywhere",
    "apiVersion: networking.istio.io/v1\nkind: DestinationRule\nmetadata: { name: x }\nspec: { host: echo, exportTo: ['*'] }",
    /spec.exportTo \["\*"\]: only \["."\]/,
  ],
  [
    "a VirtualService bound to the ingress gateway of istio-system",
    "apiVersion: networking.istio.io/v1\nkind: VirtualService\nmetadata: { name: x }\nspec: { exportTo: ['.'], hosts: ['*'], gateways: [istio-system/ingressgateway] }",
    /spec.gateways "istio-system\/ingressgateway"/,
  ],
  [
    "an HTTPRoute attached to another namespace's Gateway",
    "apiVersion: gateway.networking.k8s.io/v1\nkind: HTTPRoute\nmetadata: { name: x }\nspec: { parentRefs: [{ name: gw, namespace: istio-system }] }",
    /spec.parentRefs\[0\].namespace "istio-system": an object may not refer to another namespace/,
  ],
  [
    "a GRPCRoute sending to another namespace",
    "apiVersion: gateway.networking.k8s.io/v1\nkind: GRPCRoute\nmetadata: { name: x }\nspec: { rules: [{ backendRefs: [{ name: api, namespace: prod, port: 80 }] }] }",
    /spec.rules\[0\].backendRefs\[0\].namespace "prod"/,
  ],
  [
    "a Linkerd policy targeting a Namespace",
    "apiVersion: policy.linkerd.io/v1alpha1\nkind: AuthorizationPolicy\nmetadata: { name: x }\nspec: { targetRef: { kind: Namespace, name: kube-system } }",
    /spec.targetRef: a policy may target objects of its namespace by name/,
  ],
  [
    "a Service with externalIPs",
    "apiVersion: v1\nkind: Service\nmetadata: { name: x }\nspec: { externalIPs: [10.0.0.1], ports: [{ port: 80 }] }",
    /spec.externalIPs: they capture traffic/,
  ],
  [
    "a LoadBalancer Service",
    "apiVersion: v1\nkind: Service\nmetadata: { name: x }\nspec: { type: LoadBalancer, ports: [{ port: 80 }] }",
    /spec.type "LoadBalancer"/,
  ],
  [
    "an ExternalName Service",
    "apiVersion: v1\nkind: Service\nmetadata: { name: x }\nspec: { type: ExternalName, externalName: kubernetes.default.svc }",
    /spec.type "ExternalName"/,
  ],
  [
    "a service-account token Secret",
    "apiVersion: v1\nkind: Secret\nmetadata: { name: x, annotations: { kubernetes.io/service-account.name: default } }\ntype: kubernetes.io/service-account-token",
    /may not mint service-account tokens/,
  ],
  [
    "a StatefulSet claiming someone's PersistentVolume by name",
    `apiVersion: apps/v1
kind: StatefulSet
metadata: { name: db }
spec:
  serviceName: db
  selector: { matchLabels: { app: db } }
  template:
    metadata: { labels: { app: db } }
    spec: { containers: [{ name: db, image: postgres }] }
  volumeClaimTemplates:
    - metadata: { name: data }
      spec: { volumeName: prod-db-pv, accessModes: [ReadWriteOnce], resources: { requests: { storage: 1Gi } } }`,
    /spec.volumeClaimTemplates\[0\].spec.volumeName "prod-db-pv"/,
  ],
  [
    "a finalizer that would block cleanup",
    "apiVersion: v1\nkind: ConfigMap\nmetadata: { name: x, finalizers: [example.com/keep] }",
    /metadata.finalizers/,
  ],
  [
    "a Gateway of a load-balancer class",
    "apiVersion: gateway.networking.k8s.io/v1\nkind: Gateway\nmetadata: { name: x }\nspec: { gatewayClassName: istio, listeners: [{ name: http, port: 80, protocol: HTTP }] }",
    /gatewayClassName "istio": a benchmark's Gateway may only be a waypoint/,
  ],
  [
    "a Gateway accepting routes from every namespace and naming its service account",
    "apiVersion: gateway.networking.k8s.io/v1\nkind: Gateway\nmetadata: { name: x, annotations: { gateway.istio.io/service-account: admin } }\nspec: { gatewayClassName: istio-waypoint, listeners: [{ name: m, port: 15008, protocol: HBONE, allowedRoutes: { namespaces: { from: All } } }] }",
    /allowedRoutes.namespaces.from "All".*annotation gateway.istio.io\/service-account steers/,
  ],
  [
    "a waypoint whose parameters carry a privileged deployment",
    WAYPOINT(`  deployment: |
    spec:
      template:
        spec:
          hostPID: true
          containers: [{ name: istio-proxy, securityContext: { privileged: true } }]`),
    /ConfigMap wp-options \(parameters of Gateway waypoint\): data.deployment: the pod sets hostPID.*container "istio-proxy" is privileged/,
  ],
  [
    "a waypoint whose parameters carry a LoadBalancer service and an unknown key",
    WAYPOINT("  service: |\n    spec: { type: LoadBalancer }\n  extra: x"),
    /data.service: type "LoadBalancer".*data.extra: a Gateway's parameters may hold only/,
  ],
  [
    "a waypoint whose parametersRef is not in the bundle",
    WAYPOINT("  deployment: 'spec: {}'", "kind: ConfigMap\n      name: elsewhere"),
    /parametersRef names ConfigMap "elsewhere", which is not in the manifests/,
  ],
  [
    "a waypoint whose parametersRef names another kind",
    WAYPOINT("  deployment: 'spec: {}'", "kind: Secret\n      name: wp-options"),
    /parametersRef names "Secret" of group "": only a ConfigMap of this bundle/,
  ],
  [
    "a waypoint whose parameters are broken YAML",
    WAYPOINT("  deployment: 'spec: [unclosed'"),
    /data.deployment is not valid YAML/,
  ],
];

describe("the cluster policy over a bundle (save and apply both parse through it)", () => {
  it.each(FORBIDDEN)("refuses %s, naming the document and the object", (_, yaml, message) => {
    for (const namespace of [null, "mb-run-v"]) {
      const { message: got } = refusal(yaml, namespace);
      expect(got).toMatch(/^document \d+: /);
      expect(got).toMatch(message);
    }
  });

  it("refuses the whole bundle's offending objects and keeps none of them", () => {
    const mixed = `apiVersion: v1\nkind: ConfigMap\nmetadata: { name: ok }\n---\n${FORBIDDEN[6]![1]}`;
    const { objects, problems } = parseBundle(mixed);
    expect(objects.map((o) => o.kind)).toEqual(["ConfigMap"]);
    expect(problems.map((p) => p.document)).toEqual([2]);
  });

  it("allows the permitted shapes: workload, waypoint with its parameters, Istio and Linkerd policy, same-namespace references", () => {
    const permitted = [
      "apiVersion: v1\nkind: Service\nmetadata: { name: web }\nspec: { selector: { app: web }, ports: [{ port: 8080 }] }",
      "apiVersion: v1\nkind: Service\nmetadata: { name: headless }\nspec: { clusterIP: None, type: ClusterIP, selector: { app: web } }",
      deployment(
        "{ containers: [{ name: web, image: 'registry.example.com:5000/team/web:1.2@sha256:0123456789abcdef0123456789abcdef', securityContext: { capabilities: { add: [NET_BIND_SERVICE] } } }] }",
        "annotations: { proxy.istio.io/config: 'concurrency: 2', sidecar.istio.io/proxyCPU: 100m }",
      ),
      "apiVersion: security.istio.io/v1\nkind: PeerAuthentication\nmetadata: { name: strict }\nspec: { mtls: { mode: STRICT } }",
      "apiVersion: networking.istio.io/v1\nkind: ServiceEntry\nmetadata: { name: ext }\nspec: { exportTo: ['.'], hosts: [api.example.com] }",
      "apiVersion: gateway.networking.k8s.io/v1\nkind: HTTPRoute\nmetadata: { name: r }\nspec: { parentRefs: [{ name: web, kind: Service, group: '' }], rules: [{ backendRefs: [{ name: web, port: 8080 }] }] }",
      "apiVersion: policy.linkerd.io/v1beta3\nkind: Server\nmetadata: { name: web }\nspec: { podSelector: { matchLabels: { app: web } }, port: 8080 }",
      "apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata: { name: web }\nspec: { minAvailable: 1, selector: { matchLabels: { app: web } } }",
      WAYPOINT(
        "  deployment: |\n    spec:\n      template:\n        spec:\n          containers: [{ name: istio-proxy, resources: { requests: { cpu: '2' } } }]\n  service: |\n    spec: { type: ClusterIP }",
      ),
    ].join("\n---\n");
    expect(parseBundle(permitted).problems).toEqual([]);
    // At apply time the variant's own namespace may be named explicitly.
    const own =
      "apiVersion: gateway.networking.k8s.io/v1\nkind: HTTPRoute\nmetadata: { name: r }\nspec: { parentRefs: [{ name: web, namespace: mb-r-v }] }";
    expect(parseBundle(own, "mb-r-v").problems).toEqual([]);
    expect(parseBundle(own).problems).toHaveLength(1);
  });

  it("answers a billion-laughs bundle with a problem, not an exception", () => {
    const lol = [
      "a: &a [x, x, x, x, x, x, x, x, x, x]",
      ...Array.from({ length: 8 }, (_, i) => {
        const prev = String.fromCharCode(97 + i);
        const next = String.fromCharCode(98 + i);
        return `${next}: &${next} [*${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}]`;
      }),
      "apiVersion: v1\nkind: ConfigMap\nmetadata: { name: boom }",
    ].join("\n");
    const { objects, problems } = parseBundle(lol);
    expect(objects).toEqual([]);
    expect(problems).toEqual([
      {
        document: 1,
        message:
          "expands more than 100 YAML aliases: write the objects out instead of aliasing them",
      },
    ]);
  });
});
