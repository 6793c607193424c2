/** Binaries and image archives, built once and cached outside the repo (infra/testenv/*.sh). */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureK8sBinaries } from "../k8s-testenv";
import type { Images } from "./node";
import { hasGo } from "./preconditions";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

export type Artifacts = { bins: { k8s: string; node: string }; images: Images };

function buildRealNode(): string {
  try {
    const out = execFileSync("bash", [path.join(repoRoot, "infra/testenv/build-real-node.sh")], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
      timeout: 40 * 60_000,
    });
    const dir = out.trim().split("\n").at(-1);
    if (!dir) throw new Error("build-real-node.sh printed no dir");
    return dir;
  } catch (error) {
    if (!hasGo())
      throw new Error("real-node cluster: missing Go (>= 1.23) to build the binaries", {
        cause: error,
      });
    throw error;
  }
}

export function ensureRealNodeArtifacts(): Artifacts {
  const k8s = ensureK8sBinaries();
  const dir = buildRealNode();
  const env = Object.fromEntries(
    readFileSync(path.join(dir, "images.env"), "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => l.split("=", 2) as [string, string]),
  );
  const fortio = env.FORTIO_IMAGE;
  const pause = env.PAUSE_IMAGE;
  if (!fortio || !pause) throw new Error(`${dir}/images.env names no images`);
  return {
    bins: { k8s, node: path.join(dir, "bin") },
    images: {
      fortio,
      pause,
      archives: ["fortio", "pause"].map((i) => path.join(dir, "images", `${i}.oci.tar`)),
    },
  };
}
