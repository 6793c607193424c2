/**
 * "The one way in": client-node's loaders that read files, run plugins or trust the environment
 * appear nowhere in the repository, and the one loader we use (`loadFromOptions`, from checked
 * data) appears only in openCluster and in the test harness's own admin config.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../../..");
const self = path.relative(root, import.meta.filename);

/** Files (tracked or new, not ignored) whose text matches the pattern, this test excepted. */
function grep(pattern: string): string[] {
  let out: string;
  try {
    out = execFileSync(
      "git",
      ["grep", "-l", "-E", "--untracked", pattern, "--", "*.ts", "*.tsx", "*.js", "*.mjs", "*.cjs"],
      { cwd: root, encoding: "utf8" },
    );
  } catch {
    return []; // git grep exits 1 when nothing matches
  }
  return out.split("\n").filter((f) => f && f !== self);
}

describe("client-node configs are built in one place", () => {
  it("no file loads a kubeconfig from a string, a file, the default path or a pod's mount", () => {
    expect(grep("\\.loadFrom(String|File|Default|Cluster)\\(")).toEqual([]);
  });

  it("loadFromOptions only in openCluster and the test harness", () => {
    expect(grep("\\.loadFromOptions\\(").sort()).toEqual([
      "packages/k8s/src/cluster/open-cluster.ts",
      "packages/testing/src/harness-kube-config.ts",
    ]);
  });
});
