import { createHash, randomBytes } from "node:crypto";

const API_TOKEN_PREFIX = "mbt_";
const PREFIX_LENGTH = API_TOKEN_PREFIX.length + 8;

/** A new token: 32 random bytes (base64url), shown once; only its SHA-256 is stored. */
export function generateApiToken() {
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  return { token, prefix: tokenPrefix(token), hash: hashApiToken(token) };
}

/** SHA-256 is enough here: the token has 256 bits of entropy, so there is nothing to brute-force. */
export function hashApiToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** The first characters of a token, stored in clear so people can tell their tokens apart. */
export function tokenPrefix(token: string): string {
  return token.slice(0, PREFIX_LENGTH);
}
