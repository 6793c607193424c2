/**
 * Helpers for test files of the cluster suite: the shared test cluster's kubeconfig, a stand-in
 * for Fortio's containers (kwok serves each load pod's log from a real fixture result), and a
 * sidecar injector behind a real mutating admission webhook.
 */
import { request as httpRequest } from "node:http";
import { createServer, request as httpsRequest } from "node:https";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { COMPONENTS, KUBERNETES_LABELS } from "@meshbench/contracts";
import {
  AdmissionregistrationV1Api,
  CoreV1Api,
  CustomObjectsApi,
  type V1Pod,
} from "@kubernetes/client-node";
import { findFreePort } from "@meshbench/local-postgres";
import { inject } from "vitest";
import { harnessKubeConfig } from "./harness-kube-config";
import { signCertificate, type TestCertificates, userKubeconfig } from "./k8s-certs";
import "./k8s-provided-context";

export const testKubeconfig = () => inject("k8sKubeconfig");
export const testCerts = (): TestCertificates => JSON.parse(inject("k8sCerts")) as TestCertificates;
export const testNodes = () => inject("k8sNodes");

/** GET from kwok's kubelet emulation directly (the apiserver refuses to proxy to loopback nodes). */
export async function kwokGet(pathname: string): Promise<string> {
  const address = inject("k8sKwokAddress");
  const get = (scheme: "https" | "http") =>
    new Promise<string>((resolve, reject) => {
      const mod = scheme === "https" ? httpsRequest : httpRequest;
      const req = mod(`${scheme}://${address}${pathname}`, { rejectUnauthorized: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
      });
      req.on("error", reject);
      req.end();
    });
  return get("https").catch(() => get("http"));
}

/** The harness's admin config for the shared test cluster (see harness-kube-config.ts). */
export const testKubeConfig = () => harnessKubeConfig(testKubeconfig());

/** A kubeconfig for a new client-certificate user (no permissions until RBAC grants some). */
export function testUserKubeconfig(cn: string) {
  return userKubeconfig(inject("k8sServer"), testCerts(), { cn });
}

/** Wraps text in the CRI log format the kubelet (and kwok) serves: `TIME STREAM F line`. */
export function toCriLog(lines: { stream: "stdout" | "stderr"; text: string }[]) {
  const at = "2026-01-01T00:00:00.000000000Z";
  return (
    lines.flatMap((l) => l.text.split("\n").map((t) => `${at} ${l.stream} F ${t}`)).join("\n") +
    "\n"
  );
}

export type LoadPod = {
  namespace: string;
  name: string;
  args: string[];
  labels: Record<string, string>;
};

/**
 * Plays Fortio for every load-generator pod: as soon as one appears, a namespaced kwok `Logs`
 * object points its "fortio" container's log at a file holding `pick(pod)`'s JSON, with the
 * stderr chatter a real Fortio prints around it.
 */
export function startFakeFortio(pick: (pod: LoadPod) => string, options: { pollMs?: number } = {}) {
  const kc = testKubeConfig();
  const core = kc.makeApiClient(CoreV1Api);
  const custom = kc.makeApiClient(CustomObjectsApi);
  const dir = mkdtempSync(path.join(tmpdir(), "mb-fortio-logs-"));
  const handled = new Set<string>();
  let stopped = false;
  let served = 0;
  const handle = async (pod: V1Pod) => {
    const meta = pod.metadata!;
    const container = pod.spec?.containers.find((c) => c.name === "fortio");
    const load: LoadPod = {
      namespace: meta.namespace!,
      name: meta.name!,
      args: container?.args ?? [],
      labels: meta.labels ?? {},
    };
    const file = path.join(dir, `${load.namespace}_${load.name}.log`);
    writeFileSync(
      file,
      toCriLog([
        {
          stream: "stderr",
          text: `Fortio 1.68.2 running at ${load.args.includes("0") ? "max" : "given"} qps`,
        },
        { stream: "stdout", text: pick(load) },
        { stream: "stderr", text: "All done" },
      ]),
    );
    await custom.createNamespacedCustomObject({
      group: "kwok.x-k8s.io",
      version: "v1alpha1",
      namespace: load.namespace,
      plural: "logs",
      body: {
        apiVersion: "kwok.x-k8s.io/v1alpha1",
        kind: "Logs",
        metadata: { name: load.name, namespace: load.namespace },
        spec: { logs: [{ containers: ["fortio"], logsFile: file, follow: false }] },
      },
    });
    served += 1;
  };
  const loop = (async () => {
    while (!stopped) {
      try {
        const pods = await core.listPodForAllNamespaces({
          labelSelector: `${KUBERNETES_LABELS.component}=${COMPONENTS.loadGenerator}`,
        });
        for (const pod of pods.items) {
          const uid = pod.metadata?.uid ?? "";
          if (handled.has(uid)) continue;
          handled.add(uid);
          await handle(pod).catch(() => handled.delete(uid));
        }
      } catch {
        // the apiserver may be restarting between test files; keep trying
      }
      await new Promise((r) => setTimeout(r, options.pollMs ?? 100));
    }
  })();
  return {
    served: () => served,
    async stop() {
      stopped = true;
      await loop;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

type AdmissionReview = {
  request: { uid: string; object: V1Pod };
};

const escape = (key: string) => key.replaceAll("~", "~0").replaceAll("/", "~1");

/**
 * A stand-in for Istio's sidecar injector: a mutating admission webhook served from this test
 * process over HTTPS on 127.0.0.1, registered for namespaces labelled istio-injection=enabled.
 * Like Istio's, it honours the `sidecar.istio.io/inject: "false"` pod annotation.
 */
export async function startSidecarInjector(name = "meshbench-test-injector") {
  const certs = testCerts();
  const served = signCertificate(certs, `webhook-${name}`, {
    cn: "webhook",
    sans: ["IP:127.0.0.1"],
  });
  const port = await findFreePort();
  let injected = 0;
  const server = createServer(
    { cert: readFileSync(served.cert), key: readFileSync(served.key) },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const review = JSON.parse(Buffer.concat(chunks).toString("utf8")) as AdmissionReview;
        const pod = review.request.object;
        const annotations = pod.metadata?.annotations ?? {};
        const patch: unknown[] = [];
        if (annotations["sidecar.istio.io/inject"] !== "false") {
          injected += 1;
          patch.push({
            op: "add",
            path: "/spec/containers/-",
            value: {
              name: "istio-proxy",
              image: "docker.io/istio/proxyv2:1.24.2",
              args: ["proxy", "sidecar"],
            },
          });
          const status = JSON.stringify({ containers: ["istio-proxy"] });
          patch.push(
            pod.metadata?.annotations
              ? {
                  op: "add",
                  path: `/metadata/annotations/${escape("sidecar.istio.io/status")}`,
                  value: status,
                }
              : {
                  op: "add",
                  path: "/metadata/annotations",
                  value: { "sidecar.istio.io/status": status },
                },
          );
        }
        const response = {
          apiVersion: "admission.k8s.io/v1",
          kind: "AdmissionReview",
          response: {
            uid: review.request.uid,
            allowed: true,
            ...(patch.length
              ? {
                  patchType: "JSONPatch",
                  patch: Buffer.from(JSON.stringify(patch)).toString("base64"),
                }
              : {}),
          },
        };
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify(response));
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const admission = testKubeConfig().makeApiClient(AdmissionregistrationV1Api);
  await admission.createMutatingWebhookConfiguration({
    body: {
      metadata: { name },
      webhooks: [
        {
          name: "sidecar-injector.meshbench.test",
          clientConfig: {
            url: `https://127.0.0.1:${port}/inject`,
            caBundle: readFileSync(certs.ca).toString("base64"),
          },
          rules: [
            { operations: ["CREATE"], apiGroups: [""], apiVersions: ["v1"], resources: ["pods"] },
          ],
          namespaceSelector: { matchLabels: { "istio-injection": "enabled" } },
          failurePolicy: "Fail",
          sideEffects: "None",
          admissionReviewVersions: ["v1"],
          timeoutSeconds: 5,
        },
      ],
    },
  });
  return {
    injected: () => injected,
    async stop() {
      await admission.deleteMutatingWebhookConfiguration({ name }).catch(() => undefined);
      await new Promise((r) => server.close(r));
    },
  };
}
