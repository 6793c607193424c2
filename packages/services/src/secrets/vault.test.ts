import { describe, expect, it } from "vitest";
import { parseVaultKeys, SecretVault, type SecretBinding } from "./vault";

const key = (id: string, b: number) => `${id}:${Buffer.alloc(32, b).toString("base64")}`;
const vault = new SecretVault(parseVaultKeys(key("k1", 1)));
const header: SecretBinding = { workspaceId: "ws1", purpose: "header-secret", name: "jwt" };

/**
 * A kubeconfig sealed by the KubeconfigVault this vault replaced (commit 2b04d00: AES-256-GCM
 * under the configured key itself, iv ‖ tag ‖ data, the workspace id as associated data), with
 * the key `legacy` = 32 bytes of 7, for the workspace `ws-legacy`.
 */
const LEGACY = {
  keys: "legacy:BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc=",
  workspaceId: "ws-legacy",
  keyId: "legacy",
  ciphertext: Buffer.from(
    "essG7TMu4OTKeFkZ6zjOpLfuSbbQdNfAIRGMQiQ4mJuPrv4TSzYs6oms46RZFUQbhQnwFNYyt0TKJh2TEWmfCMwwxSSkBz03XLladVcHbDWI23RXgfs/iIrKASHV7isGRjtrJg==",
    "base64",
  ),
  plaintext: "apiVersion: v1\nkind: Config\n# sealed by the pre-purpose KubeconfigVault\n",
};

describe("the secret vault", () => {
  it("seals with the first key, opens with any, and says when to re-seal", () => {
    const old = new SecretVault(parseVaultKeys(key("k1", 1)));
    const rotated = new SecretVault(parseVaultKeys(`${key("k2", 2)},${key("k1", 1)}`));
    const sealed = old.seal(header, "Bearer abc");
    expect(sealed.keyId).toBe("k1");
    expect(sealed.ciphertext.toString("latin1")).not.toContain("Bearer");
    expect(rotated.openSealed(header, sealed)).toEqual({ plaintext: "Bearer abc", stale: true });
    expect(old.openSealed(header, sealed)).toEqual({ plaintext: "Bearer abc", stale: false });
    expect(() => parseVaultKeys("k:short")).toThrow(/32 bytes/);
  });

  it("binds a ciphertext to its purpose, workspace and name", () => {
    const sealed = vault.seal(header, "Bearer abc");
    expect(() => vault.open({ ...header, purpose: "kubeconfig" }, sealed)).toThrow();
    expect(() => vault.open({ ...header, purpose: "webhook-secret" }, sealed)).toThrow();
    expect(() => vault.open({ ...header, workspaceId: "ws2" }, sealed)).toThrow();
    expect(() => vault.open({ ...header, name: "other" }, sealed)).toThrow();
    const kubeconfig = vault.seal({ ...header, purpose: "kubeconfig", name: "prod" }, "kc");
    expect(() => vault.open({ ...header, name: "prod" }, kubeconfig)).toThrow();
    // Not even with the ciphertext's body re-framed as a pre-purpose kubeconfig.
    const reframed = { ...kubeconfig, ciphertext: kubeconfig.ciphertext.subarray(2) };
    expect(() =>
      vault.open({ ...header, purpose: "kubeconfig", name: "prod" }, reframed),
    ).toThrow();
  });

  it("keeps opening kubeconfigs sealed before purposes existed, as kubeconfigs only, marked stale", () => {
    const today = new SecretVault(parseVaultKeys(`${key("k2", 2)},${LEGACY.keys}`));
    const sealed = { ciphertext: LEGACY.ciphertext, keyId: LEGACY.keyId };
    const asKubeconfig: SecretBinding = {
      workspaceId: LEGACY.workspaceId,
      purpose: "kubeconfig",
      name: "c",
    };
    expect(today.openSealed(asKubeconfig, sealed)).toEqual({
      plaintext: LEGACY.plaintext,
      stale: true,
    });
    expect(() => today.open({ ...asKubeconfig, purpose: "header-secret" }, sealed)).toThrow(
      /not a sealed header-secret/,
    );
    expect(() => today.open({ ...asKubeconfig, workspaceId: "ws-other" }, sealed)).toThrow();
    // Re-sealed under the purpose scheme, it is bound to its cluster's name as well.
    const resealed = today.seal(asKubeconfig, LEGACY.plaintext);
    expect(today.openSealed(asKubeconfig, resealed).stale).toBe(false);
    expect(() => today.open({ ...asKubeconfig, name: "another-cluster" }, resealed)).toThrow();
  });
});
