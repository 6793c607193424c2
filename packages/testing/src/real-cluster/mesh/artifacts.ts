/**
 * Istio ambient's binaries and images for a real-node cluster, from infra/testenv/build-istio.sh:
 * built from the istio.io/istio Go module with the shared ztunnel binary, or an official release
 * on a machine with internet. Cached outside the repo; see that script.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../..");

export type MeshArtifacts = {
  /** "module": istio.io/istio built here + the shared ztunnel; "release": an official release. */
  source: "module" | "release";
  /** The Istio version the images carry (their tag). */
  version: string;
  hub: string;
  tag: string;
  istioctl: string;
  /** OCI/docker archives to import into each node's containerd before its kubelet starts. */
  archives: string[];
  /** What was built from what, for reports (the module, the ztunnel checksum or the release). */
  provenance: string;
};

/** Exit code of build-istio.sh when neither the shared ztunnel nor the internet is available. */
const UNAVAILABLE = 3;

/**
 * Builds (or reuses) the artifacts. Throws, naming why, when this machine has neither the shared
 * ztunnel nor internet (scripts/test-real-mesh.sh skips the layer then, before any cluster).
 */
export function ensureMeshArtifacts(): MeshArtifacts {
  const build = spawnSync("bash", [path.join(repoRoot, "infra/testenv/build-istio.sh")], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    timeout: 60 * 60_000,
    maxBuffer: 64 << 20,
  });
  process.stderr.write(build.stderr ?? "");
  const lastLine = (text: string | null) => text?.trim().split("\n").at(-1) ?? "";
  if (build.status === UNAVAILABLE) throw new Error(lastLine(build.stderr));
  if (build.status !== 0)
    throw new Error(
      `build-istio.sh failed (${build.status ?? build.signal}): ${lastLine(build.stderr)}`,
    );
  const dir = lastLine(build.stdout);
  const env = Object.fromEntries(
    readFileSync(path.join(dir, "images.env"), "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
  ) as Record<string, string | undefined>;
  const need = (key: string) => {
    const value = env[key];
    if (!value) throw new Error(`${dir}/images.env has no ${key}`);
    return value;
  };
  const source = need("ISTIO_SOURCE");
  if (source !== "module" && source !== "release")
    throw new Error(`${dir}/images.env: unknown ISTIO_SOURCE ${source}`);
  return {
    source,
    version: need("ISTIO_VERSION"),
    hub: need("ISTIO_HUB"),
    tag: need("ISTIO_TAG"),
    istioctl: path.join(need("ISTIO_BIN_DIR"), "istioctl"),
    archives: readdirSync(path.join(dir, "images"))
      .filter((f) => f.endsWith(".tar"))
      .map((f) => path.join(dir, "images", f)),
    provenance: need("ISTIO_PROVENANCE"),
  };
}
