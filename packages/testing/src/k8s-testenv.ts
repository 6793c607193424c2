/**
 * A real Kubernetes control plane for integration tests (shared/docs/k8s-testenv.md): etcd,
 * kube-apiserver, kube-controller-manager, kube-scheduler and kwok (playing the kubelets) on
 * free loopback ports, with certificates made by openssl. Binaries come from
 * infra/testenv/build-binaries.sh (cached). Every process is stopped by its PID on `stop()`.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { request } from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { findFreePort } from "@meshbench/local-postgres";
import { makeCertificates, type TestCertificates } from "./k8s-certs";
import { kwokConfig } from "./k8s-kwok-config";
import { applyMeshCrds, ensureMeshCrds } from "./k8s-mesh-crds";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

export type K8sTestEnv = {
  dir: string;
  binDir: string;
  kubeconfigPath: string;
  kubeconfig: string;
  server: string;
  /** kwok's own server (kubelet API emulation), for checks the apiserver cannot proxy. */
  kwokUrl: string;
  certs: TestCertificates;
  nodes: string[];
  stop(): Promise<void>;
};

/** Builds (or finds cached) binaries; the script prints the bin dir as its last stdout line. */
export function ensureK8sBinaries(): string {
  const out = execFileSync("bash", [path.join(repoRoot, "infra/testenv/build-binaries.sh")], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    timeout: 40 * 60_000,
  });
  const bin = out.trim().split("\n").at(-1);
  if (!bin) throw new Error("build-binaries.sh printed no bin dir");
  return bin;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function httpsGet(url: string, certs: TestCertificates): Promise<number> {
  return new Promise((resolve) => {
    const req = request(
      url,
      {
        ca: readFileSync(certs.ca),
        cert: readFileSync(certs.adminCert),
        key: readFileSync(certs.adminKey),
        timeout: 2000,
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on("error", () => resolve(0));
    req.end();
  });
}

export async function waitFor(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  procs: ChildProcess[],
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    const dead = procs.find((p) => p.exitCode !== null);
    if (dead) throw new Error(`${what}: ${dead.spawnfile} exited with ${dead.exitCode}`);
    await sleep(200);
  }
  throw new Error(`${what}: timed out after ${timeoutMs} ms`);
}

export async function startK8sTestEnv(
  options: { nodes?: number; podCompleteDelayMs?: number } = {},
): Promise<K8sTestEnv> {
  const binDir = ensureK8sBinaries();
  const kwokDir = path.join(path.dirname(binDir), "kwok");
  const dir = mkdtempSync(path.join(tmpdir(), "mb-k8s-"));
  const procs: ChildProcess[] = [];
  const [etcdPort, etcdPeer, apiPort, cmPort, schedPort, kwokPort] = await Promise.all(
    Array.from({ length: 6 }, () => findFreePort()),
  );
  const certs = makeCertificates(dir);
  const server = `https://127.0.0.1:${apiPort}`;
  const start = (name: string, args: string[]) => {
    const log = openSync(path.join(dir, `${name}.log`), "a");
    const child = spawn(path.join(binDir, name), args, { stdio: ["ignore", log, log] });
    procs.push(child);
    return child;
  };
  const stop = async () => {
    for (const p of [...procs].reverse()) if (p.exitCode === null) p.kill("SIGTERM");
    await Promise.all(
      procs.map((p) =>
        p.exitCode !== null
          ? Promise.resolve()
          : Promise.race([new Promise((r) => p.once("exit", r)), sleep(5000)]),
      ),
    );
    for (const p of procs) if (p.exitCode === null) p.kill("SIGKILL");
    if (!process.env.MESHBENCH_KEEP_TESTENV) rmSync(dir, { recursive: true, force: true });
  };

  try {
    start("etcd", [
      `--data-dir=${path.join(dir, "etcd")}`,
      `--listen-client-urls=http://127.0.0.1:${etcdPort}`,
      `--advertise-client-urls=http://127.0.0.1:${etcdPort}`,
      `--listen-peer-urls=http://127.0.0.1:${etcdPeer}`,
      `--initial-advertise-peer-urls=http://127.0.0.1:${etcdPeer}`,
      `--initial-cluster=default=http://127.0.0.1:${etcdPeer}`,
      "--unsafe-no-fsync",
      "--log-level=warn",
    ]);
    start("kube-apiserver", [
      `--etcd-servers=http://127.0.0.1:${etcdPort}`,
      "--bind-address=127.0.0.1",
      `--secure-port=${apiPort}`,
      `--tls-cert-file=${certs.serverCert}`,
      `--tls-private-key-file=${certs.serverKey}`,
      `--client-ca-file=${certs.ca}`,
      `--service-account-key-file=${certs.saPub}`,
      `--service-account-signing-key-file=${certs.saKey}`,
      "--service-account-issuer=https://kubernetes.default.svc",
      "--authorization-mode=Node,RBAC",
      "--service-cluster-ip-range=10.0.0.0/24",
      "--advertise-address=127.0.0.1",
      "--enable-priority-and-fairness=false",
    ]);
    await waitFor(
      "kube-apiserver /readyz",
      async () => (await httpsGet(`${server}/readyz`, certs)) === 200,
      90_000,
      procs,
    );
    const kubeconfig = adminKubeconfig(server, certs);
    const kubeconfigPath = path.join(dir, "admin.kubeconfig");
    writeFileSync(kubeconfigPath, kubeconfig, { mode: 0o600 });
    const kcFlags = [
      `--kubeconfig=${kubeconfigPath}`,
      `--authentication-kubeconfig=${kubeconfigPath}`,
      `--authorization-kubeconfig=${kubeconfigPath}`,
    ];
    start("kube-controller-manager", [
      ...kcFlags,
      `--service-account-private-key-file=${certs.saKey}`,
      `--root-ca-file=${certs.ca}`,
      "--use-service-account-credentials=true",
      "--controllers=*,-nodeipam,-nodelifecycle",
      "--leader-elect=false",
      "--bind-address=127.0.0.1",
      `--secure-port=${cmPort}`,
    ]);
    start("kube-scheduler", [
      ...kcFlags,
      "--leader-elect=false",
      "--bind-address=127.0.0.1",
      `--secure-port=${schedPort}`,
    ]);

    const kubectl = (...args: string[]) =>
      execFileSync(path.join(binDir, "kubectl"), [`--kubeconfig=${kubeconfigPath}`, ...args], {
        encoding: "utf8",
      });
    // kwok serves per-pod logs from namespaced `Logs` objects (CRD mode): apply that CRD first.
    const crds = (await readdir(path.join(kwokDir, "crds"))).filter((f) =>
      f.endsWith("_logs.yaml"),
    );
    for (const crd of crds) kubectl("apply", "-f", path.join(kwokDir, "crds", crd));
    kubectl("wait", "--for=condition=Established", "crd/logs.kwok.x-k8s.io", "--timeout=30s");
    // Gateway API + Istio CRDs: variant manifests are validated by the real apiserver.
    applyMeshCrds(kubectl, ensureMeshCrds(repoRoot));

    const configPath = path.join(dir, "kwok.yaml");
    writeFileSync(
      configPath,
      kwokConfig(
        readFileSync(path.join(kwokDir, "stages.yaml"), "utf8"),
        options.podCompleteDelayMs ?? 1500,
      ),
    );
    start("kwok", [
      `--kubeconfig=${kubeconfigPath}`,
      `--config=${configPath}`,
      "--manage-all-nodes=true",
      "--enable-crds=Logs",
      "--cidr=10.244.0.1/16",
      "--node-ip=127.0.0.1",
      `--node-port=${kwokPort}`,
      `--server-address=127.0.0.1:${kwokPort}`,
    ]);

    const nodes = Array.from({ length: options.nodes ?? 3 }, (_, i) => `kwok-node-${i}`);
    const nodeFile = path.join(dir, "nodes.yaml");
    writeFileSync(
      nodeFile,
      nodes.map((n, i) => fakeNode(n, `zone-${i % 2 === 0 ? "a" : "b"}`)).join("---\n"),
    );
    kubectl("apply", "-f", nodeFile);
    for (const n of nodes) kubectl("taint", "nodes", n, "node.kubernetes.io/not-ready:NoSchedule-");
    await waitFor(
      "kwok nodes Ready",
      () => {
        const out = kubectl(
          "get",
          "nodes",
          "-o",
          "jsonpath={.items[*].status.conditions[?(@.type=='Ready')].status}",
        );
        return out.split(" ").filter((s) => s === "True").length === nodes.length;
      },
      60_000,
      procs,
    );
    // The default ServiceAccount must exist before pods can be created in a namespace.
    await waitFor(
      "default service account",
      () => kubectl("get", "serviceaccounts", "-n", "default", "-o", "name").includes("default"),
      60_000,
      procs,
    );
    return {
      dir,
      binDir,
      kubeconfigPath,
      kubeconfig,
      server,
      kwokUrl: `127.0.0.1:${kwokPort}`,
      certs,
      nodes,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

export function adminKubeconfig(server: string, certs: TestCertificates) {
  const b64 = (f: string) => readFileSync(f).toString("base64");
  return `apiVersion: v1
kind: Config
clusters:
- name: testenv
  cluster:
    server: ${server}
    certificate-authority-data: ${b64(certs.ca)}
users:
- name: admin
  user:
    client-certificate-data: ${b64(certs.adminCert)}
    client-key-data: ${b64(certs.adminKey)}
contexts:
- name: testenv-admin
  context: { cluster: testenv, user: admin }
current-context: testenv-admin
`;
}

function fakeNode(name: string, zone: string) {
  return `apiVersion: v1
kind: Node
metadata:
  name: ${name}
  annotations:
    kwok.x-k8s.io/node: fake
    node.alpha.kubernetes.io/ttl: "0"
    metrics.k8s.io/resource-metrics-path: "/metrics/nodes/${name}/metrics/resource"
  labels:
    kubernetes.io/hostname: ${name}
    kubernetes.io/os: linux
    kubernetes.io/arch: amd64
    topology.kubernetes.io/zone: ${zone}
    type: kwok
spec:
  taints: []
status:
  allocatable: { cpu: "8", memory: 32Gi, pods: "110" }
  capacity: { cpu: "8", memory: 32Gi, pods: "110" }
`;
}
