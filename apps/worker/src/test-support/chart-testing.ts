/** Helpers of the chart/in-cluster test files: helm and kubectl from the testenv's bin dir. */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadAllYaml } from "@kubernetes/client-node";
import { testCerts, testKubeconfig } from "@meshbench/testing/k8s";
import { afterAll, inject } from "vitest";

export const repoRoot = path.resolve(import.meta.dirname, "../../../..");
export const chartDir = path.join(repoRoot, "infra/helm/meshbench");
const work = mkdtempSync(path.join(tmpdir(), "mb-chart-"));
// Rendered values and a kubeconfig with the test cluster's admin key: removed after the file's
// tests (a hook registered at import runs in the importing test file).
afterAll(() => rmSync(work, { recursive: true, force: true }));

export function kubeconfigPath() {
  const file = path.join(work, "admin.kubeconfig");
  writeFileSync(file, testKubeconfig(), { mode: 0o600 });
  return file;
}

const run = (bin: string, args: string[], input?: string) =>
  execFileSync(path.join(inject("k8sBinDir"), bin), args, {
    encoding: "utf8",
    input,
    stdio: ["pipe", "pipe", "pipe"],
  });

export const helm = (...args: string[]) => run("helm", args);
export const kubectl = (args: string[], input?: string) =>
  run("kubectl", [`--kubeconfig=${kubeconfigPath()}`, ...args], input);

/** `helm template` of the chart with values given as YAML text. */
export function renderChart(namespace: string, valuesYaml: string, extra: string[] = []) {
  const values = path.join(work, `values-${namespace}-${Date.now()}.yaml`);
  writeFileSync(values, valuesYaml);
  return helm("template", "mb", chartDir, "--namespace", namespace, "-f", values, ...extra);
}

export type K8sObject = {
  kind: string;
  metadata: { name: string; namespace?: string; annotations?: Record<string, string> };
  spec?: Record<string, unknown>;
};
export const parseObjects = (yaml: string) =>
  (loadAllYaml(yaml) as (K8sObject | null)[]).filter((o): o is K8sObject => !!o);

/** The files a kubelet mounts into a pod at /var/run/secrets/kubernetes.io/serviceaccount. */
export function serviceAccountFiles(namespace: string, serviceAccount: string) {
  const token = kubectl([
    "create",
    "token",
    serviceAccount,
    "-n",
    namespace,
    "--duration=1h",
  ]).trim();
  const prefix = mkdtempSync(path.join(work, "pod-"));
  const dir = path.join(prefix, "var/run/secrets/kubernetes.io/serviceaccount");
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "token"), token);
  writeFileSync(path.join(dir, "namespace"), namespace);
  execFileSync("cp", [testCerts().ca, path.join(dir, "ca.crt")]);
  const server = new URL(inject("k8sServer"));
  return { prefix, dir, host: server.hostname, port: server.port };
}
