/**
 * The control plane inside its own network namespace: etcd (loopback of that namespace),
 * kube-apiserver on the bridge address, controller-manager WITH the node-lifecycle controller
 * (it removes the not-ready taint once a real kubelet reports Ready), scheduler, and CoreDNS.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { makeCertificates, type TestCertificates } from "../k8s-certs";
import { adminKubeconfig, httpsGet } from "../k8s-testenv";
import { corefile } from "./configs";
import { inNetns } from "./host";
import type { ClusterPlan } from "./plan";
import { type Daemon, startDaemon, waitUntil } from "./processes";

export type ControlPlane = {
  certs: TestCertificates;
  server: string;
  kubeconfig: string;
  kubeconfigPath: string;
  apiDaemons: Daemon[];
  /** controller-manager and scheduler: stopped first at teardown, so nothing recreates pods. */
  controllers: Daemon[];
  coredns: Daemon;
};

export async function startControlPlane(
  plan: ClusterPlan,
  bins: { k8s: string; node: string },
): Promise<ControlPlane> {
  const cp = plan.controlPlane;
  const dir = cp.dir;
  mkdirSync(dir, { recursive: true });
  const certs = makeCertificates(dir, [`IP:${cp.ip}`, `IP:${plan.apiServiceIp}`]);
  const server = `https://${cp.ip}:6443`;
  const start = (name: string, bin: string, args: string[]) =>
    startDaemon(plan, name, inNetns(cp.netns, bin, args));
  const etcd = start("etcd", path.join(bins.k8s, "etcd"), [
    `--data-dir=${dir}/etcd`,
    "--listen-client-urls=http://127.0.0.1:2379",
    "--advertise-client-urls=http://127.0.0.1:2379",
    "--listen-peer-urls=http://127.0.0.1:2380",
    "--initial-advertise-peer-urls=http://127.0.0.1:2380",
    "--initial-cluster=default=http://127.0.0.1:2380",
    "--unsafe-no-fsync",
    "--log-level=warn",
  ]);
  const apiserver = start("kube-apiserver", path.join(bins.k8s, "kube-apiserver"), [
    "--etcd-servers=http://127.0.0.1:2379",
    `--bind-address=${cp.ip}`,
    `--advertise-address=${cp.ip}`,
    "--secure-port=6443",
    `--tls-cert-file=${certs.serverCert}`,
    `--tls-private-key-file=${certs.serverKey}`,
    `--client-ca-file=${certs.ca}`,
    `--kubelet-client-certificate=${certs.adminCert}`,
    `--kubelet-client-key=${certs.adminKey}`,
    // Nodes are reached by the address they report, not by resolving their names here.
    "--kubelet-preferred-address-types=InternalIP",
    `--service-account-key-file=${certs.saPub}`,
    `--service-account-signing-key-file=${certs.saKey}`,
    "--service-account-issuer=https://kubernetes.default.svc",
    "--authorization-mode=Node,RBAC",
    `--service-cluster-ip-range=${plan.serviceCidr}`,
    "--enable-priority-and-fairness=false",
    // Admission webhooks (istiod's) by their Service's endpoints, not its ClusterIP: this
    // namespace has no kube-proxy, but it routes every node's pod subnet (network.ts).
    "--enable-aggregator-routing=true",
  ]);
  const apiDaemons = [etcd, apiserver];
  await waitUntil(
    "kube-apiserver /readyz",
    async () => (await httpsGet(`${server}/readyz`, certs)) === 200,
    90_000,
    apiDaemons,
  );
  const kubeconfig = adminKubeconfig(server, certs);
  const kubeconfigPath = path.join(plan.runDir, "admin.kubeconfig");
  writeFileSync(kubeconfigPath, kubeconfig, { mode: 0o600 });
  const kc = [
    `--kubeconfig=${kubeconfigPath}`,
    `--authentication-kubeconfig=${kubeconfigPath}`,
    `--authorization-kubeconfig=${kubeconfigPath}`,
    "--leader-elect=false",
    "--bind-address=127.0.0.1",
  ];
  const controllers = [
    start("kube-controller-manager", path.join(bins.k8s, "kube-controller-manager"), [
      ...kc,
      `--service-account-private-key-file=${certs.saKey}`,
      `--root-ca-file=${certs.ca}`,
      "--use-service-account-credentials=true",
      `--service-cluster-ip-range=${plan.serviceCidr}`,
      `--flex-volume-plugin-dir=${dir}/flexvolume`, // not /usr/libexec/kubernetes
    ]),
    start("kube-scheduler", path.join(bins.k8s, "kube-scheduler"), kc),
  ];
  const corefilePath = path.join(dir, "Corefile");
  writeFileSync(corefilePath, corefile(plan, kubeconfigPath));
  const coredns = start("coredns", path.join(bins.node, "coredns"), ["-conf", corefilePath]);
  await waitUntil(
    "CoreDNS ready",
    async () => (await fetch(`http://${cp.ip}:8181/ready`)).ok,
    60_000,
    [...apiDaemons, coredns],
  );
  return { certs, server, kubeconfig, kubeconfigPath, apiDaemons, controllers, coredns };
}
