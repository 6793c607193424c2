import { createPublicKey, verify } from "node:crypto";
import { describe, expect, it } from "vitest";
import { generateTestJwt } from "./test-jwt";

describe("a generated test JWT", () => {
  it("verifies with the JWKS it comes with, and with no other", () => {
    const now = Date.UTC(2026, 10, 26);
    const jwt = generateTestJwt("elca-jwt", now);
    const [header, payload, signature] = jwt.token.split(".");
    const jwks = JSON.parse(jwt.jwks) as { keys: Record<string, string>[] };
    expect(jwks.keys).toHaveLength(1);
    const jwk = jwks.keys[0]!;
    expect(jwk).toMatchObject({ kty: "RSA", alg: "RS256", use: "sig" });
    expect(jwk).not.toHaveProperty("d"); // the public half only
    expect(JSON.parse(Buffer.from(header!, "base64url").toString())).toEqual({
      alg: "RS256",
      typ: "JWT",
      kid: jwk.kid,
    });
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString()) as Record<
      string,
      number | string
    >;
    expect(claims).toMatchObject({ iss: jwt.issuer, sub: "meshbench-load-generator" });
    expect(claims.exp).toBe((claims.iat as number) + 5 * 365 * 24 * 3600);
    expect(jwt.issuer).toBe("meshbench-test/elca-jwt");
    const key = createPublicKey({ key: jwk, format: "jwk" });
    const signed = Buffer.from(`${header}.${payload}`);
    expect(verify("sha256", signed, key, Buffer.from(signature!, "base64url"))).toBe(true);
    const other = JSON.parse(generateTestJwt("elca-jwt", now).jwks) as typeof jwks;
    const otherKey = createPublicKey({ key: other.keys[0]!, format: "jwk" });
    expect(verify("sha256", signed, otherKey, Buffer.from(signature!, "base64url"))).toBe(false);
  });
});
