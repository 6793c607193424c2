import { z } from "zod";
import { ZHeaderSecretValue, ZSecretName } from "./request-headers";

/**
 * What a sealed secret is for. The vault derives one data key per purpose and binds each
 * ciphertext to its workspace, purpose and name, so a ciphertext never opens as another kind.
 * Kubeconfigs live on their cluster; workspace secrets (this store) are header secrets today.
 */
export const SECRET_PURPOSES = ["kubeconfig", "header-secret", "webhook-secret"] as const;
export const ZSecretPurpose = z.enum(SECRET_PURPOSES);
export type TSecretPurpose = z.infer<typeof ZSecretPurpose>;

/** A workspace secret as anyone may see it: its name and times, never its value. */
export const ZWorkspaceSecretView = z.object({
  name: z.string(),
  purpose: ZSecretPurpose,
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type TWorkspaceSecretView = z.infer<typeof ZWorkspaceSecretView>;

/** Create or replace a header secret (admins); the value is sealed at once and never returned. */
export const ZPutHeaderSecretInput = z.strictObject({
  name: ZSecretName,
  value: ZHeaderSecretValue,
});
export type TPutHeaderSecretInput = z.infer<typeof ZPutHeaderSecretInput>;

export const ZDeleteSecretInput = z.strictObject({ name: ZSecretName });
export type TDeleteSecretInput = z.infer<typeof ZDeleteSecretInput>;
