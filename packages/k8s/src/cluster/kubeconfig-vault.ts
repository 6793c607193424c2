import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/** "id:base64key" pairs; the first one seals, every one can open (so keys can rotate). */
type VaultKey = { id: string; key: Buffer };

const IV_BYTES = 12;
const TAG_BYTES = 16;

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

/**
 * AES-256-GCM for kubeconfigs at rest. The ciphertext is iv ‖ tag ‖ data; the associated data
 * binds it to its workspace, so a ciphertext copied to another workspace's row does not open.
 */
export class KubeconfigVault {
  private readonly byId: Map<string, Buffer>;
  constructor(private readonly keys: VaultKey[]) {
    if (keys.length === 0) throw new Error("KubeconfigVault needs at least one key");
    this.byId = new Map(keys.map((k) => [k.id, k.key]));
  }

  get currentKeyId() {
    return this.keys[0]!.id;
  }

  seal(plaintext: string, workspaceId: string): { ciphertext: Buffer; keyId: string } {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv("aes-256-gcm", this.keys[0]!.key, iv);
    cipher.setAAD(Buffer.from(workspaceId));
    const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
    return { ciphertext: Buffer.concat([iv, cipher.getAuthTag(), data]), keyId: this.currentKeyId };
  }

  open(sealed: { ciphertext: Uint8Array; keyId: string }, workspaceId: string): string {
    const key = this.byId.get(sealed.keyId);
    if (!key) throw new Error(`encryption key "${sealed.keyId}" is not configured`);
    const buf = Buffer.from(sealed.ciphertext);
    const decipher = createDecipheriv("aes-256-gcm", key, buf.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(workspaceId));
    decipher.setAuthTag(buf.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([
      decipher.update(buf.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString("utf8");
  }

  /** True when the ciphertext was sealed with an older key and should be re-sealed. */
  needsRotation(keyId: string) {
    return keyId !== this.currentKeyId;
  }
}
