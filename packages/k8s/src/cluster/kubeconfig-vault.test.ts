import { describe, expect, it } from "vitest";
import { KubeconfigVault, parseVaultKeys } from "./kubeconfig-vault";

describe("the kubeconfig vault", () => {
  it("seals with the first key, opens with any, binds to the workspace", () => {
    const k = (id: string, b: number) => `${id}:${Buffer.alloc(32, b).toString("base64")}`;
    const old = new KubeconfigVault(parseVaultKeys(k("k1", 1)));
    const rotated = new KubeconfigVault(parseVaultKeys(`${k("k2", 2)},${k("k1", 1)}`));
    const sealed = old.seal("apiVersion: v1", "ws1");
    expect(sealed.keyId).toBe("k1");
    expect(rotated.open(sealed, "ws1")).toBe("apiVersion: v1");
    expect(rotated.needsRotation(sealed.keyId)).toBe(true);
    expect(() => rotated.open(sealed, "ws2")).toThrow();
    expect(() => parseVaultKeys("k:short")).toThrow(/32 bytes/);
  });
});
