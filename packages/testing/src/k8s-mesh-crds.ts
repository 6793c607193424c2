/**
 * The real Gateway API and Istio CRDs (infra/testenv/fetch-crds.sh, from the Go module proxy),
 * applied to the apiserver test environment so per-variant mesh manifests (waypoint Gateways,
 * PeerAuthentication…) are validated by the real apiserver, not by a schema of ours.
 */
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";

/** Fetches (or finds cached) the CRDs; the script prints their dir as its last stdout line. */
export function ensureMeshCrds(repoRoot: string): string {
  const out = execFileSync("bash", [path.join(repoRoot, "infra/testenv/fetch-crds.sh")], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    timeout: 10 * 60_000,
  });
  const dir = out.trim().split("\n").at(-1);
  if (!dir) throw new Error("fetch-crds.sh printed no dir");
  return dir;
}

/** Applies them (server-side: Istio's CRDs are too big for kubectl's last-applied annotation). */
export function applyMeshCrds(kubectl: (...args: string[]) => string, dir: string) {
  const files = ["gateway-api", "istio"].flatMap((sub) =>
    readdirSync(path.join(dir, sub))
      .filter((f) => f.endsWith(".yaml"))
      .map((f) => path.join(dir, sub, f)),
  );
  for (const f of files) kubectl("apply", "--server-side", "-f", f);
  kubectl(
    "wait",
    "--for=condition=Established",
    "crd/gateways.gateway.networking.k8s.io",
    "crd/peerauthentications.security.istio.io",
    "--timeout=60s",
  );
}
