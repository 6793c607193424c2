import { describe, expect, it } from "vitest";
import { ZBenchmarkDefinition } from "./benchmark";
import {
  MAX_REQUEST_HEADERS,
  placeholderSecretName,
  secretPlaceholder,
  ZHeaderSecretValue,
  ZRequestHeaders,
} from "./request-headers";

/** Every issue of a refused list as "path: message" (the path as the API names the field). */
function issues(input: unknown) {
  const parsed = ZRequestHeaders.safeParse(input);
  if (parsed.success) return [];
  return parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
}

describe("request headers", () => {
  it("takes plain values and secret references", () => {
    const ok = [
      { name: "X-Tenant", value: "acme" },
      { name: "Authorization", secret: "elca-jwt" },
      { name: "user-agent", value: "meshbench/1 (bench)" },
      { name: "X-Empty", value: "" },
    ];
    expect(ZRequestHeaders.parse(ok)).toEqual(ok);
  });

  it("refuses names that are not HTTP tokens, and framing and hop-by-hop headers, naming the field", () => {
    const bad = [
      "Host",
      "content-length",
      "Transfer-Encoding",
      "Connection",
      "keep-alive",
      "TE",
      "Upgrade",
      "Trailer",
      "Expect",
      "Proxy-Authorization",
      "Content-Type",
      ":authority",
      "X Bad",
      "X-Bad\r\nInjected",
      "",
    ];
    for (const name of bad) {
      const found = issues([
        { name: "X-Ok", value: "1" },
        { name, value: "v" },
      ]);
      expect(found.length, name).toBe(1);
      expect(found[0], name).toMatch(/^1\.name: /);
    }
    expect(issues([{ name: "Host", value: "evil" }])[0]).toBe(
      "0.name: Host cannot be set: the target's address decides Host",
    );
  });

  it("refuses values that could inject or are not ASCII, without repeating them", () => {
    for (const value of ["a\r\nX-Injected: 1", "a\nb", "nul\0", " padded", "tab\t", "é"]) {
      const found = issues([{ name: "X-V", value }]);
      expect(found, JSON.stringify(value)).toHaveLength(1);
      expect(found[0]).toMatch(/^0\.value: visible ASCII/);
      expect(found[0]).not.toContain(value);
    }
    expect(issues([{ name: "X-V", value: "x".repeat(8193) }])[0]).toMatch(/^0\.value: at most/);
  });

  it("sends credentials to the secret store: credential names and values take { name, secret }", () => {
    for (const [name, value] of [
      ["Authorization", "Bearer abc"],
      ["Cookie", "sid=1"],
      ["X-Api-Key", "k"],
      ["X-Auth-Token", "t"],
      ["X-Anything", "Bearer abc"],
      ["X-Anything", "eyJhbGciOiJIUzI1NiJ9.e30.x"],
    ])
      expect(issues([{ name, value }])[0]).toMatch(/^0\.value: looks like a credential/);
  });

  it("refuses a placeholder as a plain value: an imported header must be filled again", () => {
    expect(issues([{ name: "Authorization", value: "<secret:jwt>" }])[0]).toBe(
      "0.value: a secret placeholder: fill it again with a workspace secret ({ name, secret })",
    );
    expect(placeholderSecretName(secretPlaceholder("jwt"))).toBe("jwt");
    expect(placeholderSecretName("jwt")).toBeNull();
  });

  it("bounds count, size and duplicates; a secret's name and value obey the rules too", () => {
    const many = Array.from({ length: MAX_REQUEST_HEADERS + 1 }, (_, i) => ({
      name: `X-${i}`,
      value: "1",
    }));
    expect(issues(many)[0]).toMatch(/^: Too big/);
    const big = Array.from({ length: 3 }, (_, i) => ({ name: `X-${i}`, value: "v".repeat(8000) }));
    expect(issues(big)).toEqual([": at most 16384 bytes of plain headers in one list"]);
    expect(
      issues([
        { name: "X-A", value: "1" },
        { name: "x-a", value: "2" },
      ]),
    ).toEqual(["1.name: given twice in this list"]);
    expect(issues([{ name: "X-A", secret: "no spaces" }])[0]).toMatch(/^0\.secret: /);
    expect(issues([{ name: "X-A", value: "1", secret: "s" }])[0]).toMatch(
      /^0: a header is \{ name, value \} or \{ name, secret \}/,
    );
    expect(ZHeaderSecretValue.safeParse("Bearer a.b.c").success).toBe(true);
    expect(ZHeaderSecretValue.safeParse("Bearer a\r\nX: 1").success).toBe(false);
  });

  it("sits on the benchmark and on each variant, fields named by their path", () => {
    const parsed = ZBenchmarkDefinition.safeParse({
      key: "k",
      name: "k",
      target: { kind: "fortio-echo" },
      requestHeaders: [{ name: "X-Run", value: "1" }],
      variants: [
        { name: "base", mesh: "baseline", requestHeaders: [{ name: "Host", value: "h" }] },
      ],
      loadMatrix: { qps: [100], connections: [2] },
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => i.path.join("."))).toEqual([
      "variants.0.requestHeaders.0.name",
    ]);
  });
});

describe("headers and protocols", () => {
  it("refuses headers beside gRPC or TCP load, which would not carry them", () => {
    const parsed = ZBenchmarkDefinition.safeParse({
      key: "k",
      name: "k",
      target: { kind: "fortio-echo" },
      variants: [{ name: "v", mesh: "baseline", requestHeaders: [{ name: "X-A", value: "1" }] }],
      loadMatrix: { qps: [100], connections: [2], protocols: ["http1", "grpc"] },
    });
    expect(parsed.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      [
        "loadMatrix.protocols",
        "request headers are sent on http1 and h2 load only, not grpc (Fortio's REST gRPC runner sends no metadata; TCP has no headers)",
      ],
    ]);
  });
});
