import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
import type { TSecretPurpose } from "@meshbench/contracts";

/** One configured key: "id:base64key" pairs; the first one seals, every one can open. */
export type VaultKey = { id: string; key: Buffer };
/** What a ciphertext is bound to: it opens only for the same workspace, purpose and name. */
export type SecretBinding = { workspaceId: string; purpose: TSecretPurpose; name: string };
export type SealedSecret = { ciphertext: Buffer; keyId: string };

const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Leads every ciphertext of this scheme; the kubeconfigs sealed before it have none. */
const V2 = Buffer.from([0x4d, 0x02]);
const HKDF_SALT = Buffer.from("meshbench-vault/2");

/** Parses `MESHBENCH_ENCRYPTION_KEYS` ("k2:BASE64,k1:BASE64"): each key must be 32 bytes. */
export function parseVaultKeys(value: string): VaultKey[] {
  const keys = value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .map((pair) => {
      const i = pair.indexOf(":");
      if (i <= 0) throw new Error("each key must be written id:base64");
      const id = pair.slice(0, i);
      const key = Buffer.from(pair.slice(i + 1), "base64");
      if (!/^[A-Za-z0-9_.-]{1,32}$/.test(id))
        throw new Error(`key id "${id}" must be 1-32 of [A-Za-z0-9_.-]`);
      if (key.length !== 32)
        throw new Error(`key "${id}" must be 32 bytes (base64 of 32 random bytes)`);
      return { id, key };
    });
  if (keys.length === 0) throw new Error("at least one key is required");
  if (new Set(keys.map((k) => k.id)).size !== keys.length)
    throw new Error("key ids must be unique");
  return keys;
}

/** Local mode only: a fixed, well-known key, so demo data survives restarts. Never in production. */
export function localDevVaultKeys(): VaultKey[] {
  return [
    {
      id: "local-dev",
      key: createHash("sha256").update("meshbench local development key").digest(),
    },
  ];
}

function gcm(key: Buffer, aad: Buffer, ciphertext: Buffer): string {
  const decipher = createDecipheriv("aes-256-gcm", key, ciphertext.subarray(0, IV_BYTES));
  decipher.setAAD(aad);
  decipher.setAuthTag(ciphertext.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([
    decipher.update(ciphertext.subarray(IV_BYTES + TAG_BYTES)),
    decipher.final(),
  ]).toString("utf8");
}

/**
 * The one vault for secrets at rest (kubeconfigs, header secrets, later webhook secrets):
 * AES-256-GCM under a data key derived per purpose from each configured key (HKDF-SHA256,
 * info = the purpose), with the workspace, purpose and name as associated data. So a ciphertext
 * of one purpose, workspace or name never opens as another, even copied between rows.
 * Layout: "M\x02" ‖ iv ‖ tag ‖ data.
 *
 * Kubeconfigs sealed before purposes existed (iv ‖ tag ‖ data under the configured key itself,
 * the workspace id as associated data) still open, for the purpose "kubeconfig" only, and are
 * reported stale so the cluster service re-seals them under this scheme.
 */
export class SecretVault {
  private readonly byId: Map<string, Buffer>;
  private readonly derived = new Map<string, Buffer>();
  constructor(private readonly keys: VaultKey[]) {
    if (keys.length === 0) throw new Error("SecretVault needs at least one key");
    this.byId = new Map(keys.map((k) => [k.id, k.key]));
  }

  get currentKeyId() {
    return this.keys[0]!.id;
  }

  private dataKey(keyId: string, purpose: TSecretPurpose): Buffer {
    const cacheKey = `${keyId}\n${purpose}`;
    let key = this.derived.get(cacheKey);
    if (!key) {
      const master = this.byId.get(keyId);
      if (!master) throw new Error(`encryption key "${keyId}" is not configured`);
      key = Buffer.from(hkdfSync("sha256", master, HKDF_SALT, purpose, 32));
      this.derived.set(cacheKey, key);
    }
    return key;
  }

  private static aad(b: SecretBinding) {
    return Buffer.from(JSON.stringify(["meshbench-vault/2", b.workspaceId, b.purpose, b.name]));
  }

  seal(binding: SecretBinding, plaintext: string): SealedSecret {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(
      "aes-256-gcm",
      this.dataKey(this.currentKeyId, binding.purpose),
      iv,
    );
    cipher.setAAD(SecretVault.aad(binding));
    const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
    return {
      ciphertext: Buffer.concat([V2, iv, cipher.getAuthTag(), data]),
      keyId: this.currentKeyId,
    };
  }

  /**
   * The plaintext, and whether it should be sealed again (an older key, or the scheme before
   * purposes). Throws when it does not open for this binding.
   */
  openSealed(
    binding: SecretBinding,
    sealed: { ciphertext: Uint8Array; keyId: string },
  ): { plaintext: string; stale: boolean } {
    const buf = Buffer.from(sealed.ciphertext);
    const rotated = sealed.keyId !== this.currentKeyId;
    if (buf.subarray(0, V2.length).equals(V2)) {
      try {
        const key = this.dataKey(sealed.keyId, binding.purpose);
        return {
          plaintext: gcm(key, SecretVault.aad(binding), buf.subarray(V2.length)),
          stale: rotated,
        };
      } catch (error) {
        // A legacy ciphertext whose random IV began with the marker (1 in 65,536) falls through.
        if (binding.purpose !== "kubeconfig") throw error;
      }
    }
    if (binding.purpose !== "kubeconfig")
      throw new Error(`not a sealed ${binding.purpose} of this scheme`);
    const master = this.byId.get(sealed.keyId);
    if (!master) throw new Error(`encryption key "${sealed.keyId}" is not configured`);
    return { plaintext: gcm(master, Buffer.from(binding.workspaceId), buf), stale: true };
  }

  open(binding: SecretBinding, sealed: { ciphertext: Uint8Array; keyId: string }): string {
    return this.openSealed(binding, sealed).plaintext;
  }
}
