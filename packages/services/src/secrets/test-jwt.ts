import { generateKeyPairSync, randomUUID, sign } from "node:crypto";

/** How long a generated test token is valid: long enough to re-run a benchmark for years. */
const VALID_SECONDS = 5 * 365 * 24 * 3600;

const b64url = (value: Buffer | string) => Buffer.from(value).toString("base64url");

/**
 * A throwaway RS256 key pair (Istio's own sample tokens are RS256, 2048 bits) and one token it
 * signs, for a RequestAuthentication that trusts only this key: the public key as an inline JWKS
 * (`jwks` of a jwtRule), the token for the requests' Authorization header. The private key is
 * not kept: nothing else can ever be signed with it.
 */
export function generateTestJwt(secretName: string, now = Date.now()) {
  const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const kid = randomUUID();
  const issuer = `meshbench-test/${secretName}`;
  const iat = Math.floor(now / 1000);
  const header = b64url(JSON.stringify({ alg: "RS256", typ: "JWT", kid }));
  const payload = b64url(
    JSON.stringify({ iss: issuer, sub: "meshbench-load-generator", iat, exp: iat + VALID_SECONDS }),
  );
  const signature = sign("sha256", Buffer.from(`${header}.${payload}`), privateKey);
  const jwk = publicKey.export({ format: "jwk" });
  return {
    issuer,
    token: `${header}.${payload}.${b64url(signature)}`,
    jwks: JSON.stringify({ keys: [{ ...jwk, kid, alg: "RS256", use: "sig" }] }),
  };
}
