import { describe, expect, it } from "vitest";
import { limitBody } from "./body-limit";
import { hasMalformedPath, nestsDeeperThan } from "./json-depth";
import { nulBytePath, refuseNulBytes } from "./nul-bytes";
import { clientAddress, isCrossSiteWrite, PEER_ADDRESS_HEADER } from "./request-guards";

const post = (body: RequestInit["body"], headers: Record<string, string> = {}) =>
  new Request("http://localhost/api/x", { method: "POST", body, headers, duplex: "half" });

describe("limitBody", () => {
  it("passes a body within the limit through, readable again", async () => {
    const limited = await limitBody(post('{"a":1}'), 100);
    expect(limited).toBeInstanceOf(Request);
    expect(await (limited as Request).text()).toBe('{"a":1}');
  });

  it("refuses a declared length over the limit with 413 without reading it", async () => {
    const limited = await limitBody(post("x".repeat(10), { "content-length": "5000" }), 100);
    expect(limited).toBeInstanceOf(Response);
    expect((limited as Response).status).toBe(413);
    expect(await (limited as Response).json()).toMatchObject({
      error: { code: "PAYLOAD_TOO_LARGE" },
    });
  });

  it("counts streamed bytes when the length is not declared", async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 5; i++) controller.enqueue(new Uint8Array(40));
        controller.close();
      },
    });
    const limited = await limitBody(post(stream), 100);
    expect((limited as Response).status).toBe(413);
    const fits = await limitBody(post(new Uint8Array(100)), 100);
    expect(fits).toBeInstanceOf(Request);
  });
});

describe("isCrossSiteWrite", () => {
  const trusted = ["https://meshbench.example"];
  it("refuses cookie POSTs from another origin or without same-origin marks", () => {
    expect(
      isCrossSiteWrite(post("", { cookie: "s=1", origin: "https://evil.example" }), trusted),
    ).toBe(true);
    expect(isCrossSiteWrite(post("", { cookie: "s=1" }), trusted)).toBe(true);
  });
  it("allows same-origin cookie POSTs, token calls, and reads", () => {
    expect(
      isCrossSiteWrite(post("", { cookie: "s=1", origin: "https://meshbench.example" }), trusted),
    ).toBe(false);
    expect(
      isCrossSiteWrite(post("", { cookie: "s=1", "sec-fetch-site": "same-origin" }), trusted),
    ).toBe(false);
    expect(
      isCrossSiteWrite(
        post("", { authorization: "Bearer mbt_x", origin: "https://evil.example" }),
        trusted,
      ),
    ).toBe(false);
    expect(
      isCrossSiteWrite(new Request("http://localhost/x", { headers: { cookie: "s=1" } }), trusted),
    ).toBe(false);
  });
});

describe("clientAddress", () => {
  const peer = "198.51.100.7";
  it("is the TCP peer when no proxy is trusted, whatever X-Forwarded-For says", () => {
    for (const xff of ["1.1.1.1", "1.1.1.1, 2.2.2.2", ""])
      expect(
        clientAddress(new Headers({ "x-forwarded-for": xff, [PEER_ADDRESS_HEADER]: peer })),
      ).toBe(peer);
  });

  it("behind N trusted proxies, takes the N-th address from the right", () => {
    const headers = new Headers({
      "x-forwarded-for": "6.6.6.6, 203.0.113.9", // a forged hop, then what our proxy appended
      [PEER_ADDRESS_HEADER]: peer, // the proxy itself
    });
    expect(clientAddress(headers, 1)).toBe("203.0.113.9");
    expect(clientAddress(headers, 2)).toBe("6.6.6.6");
  });

  it("falls back to one shared bucket when the server did not stamp the peer", () => {
    expect(clientAddress(new Headers({ "x-forwarded-for": "1.1.1.1" }))).toBe("unknown");
  });
});

describe("nestsDeeperThan", () => {
  const nested = (n: number) => '{"a":'.repeat(n) + "1" + "}".repeat(n);
  it("finds nesting past the limit, ignoring brackets inside strings", () => {
    expect(nestsDeeperThan(nested(64))).toBe(false);
    expect(nestsDeeperThan(nested(65))).toBe(true);
    expect(nestsDeeperThan(nested(5000))).toBe(true);
    expect(nestsDeeperThan(JSON.stringify({ s: "[".repeat(500) + '\\"{{{' }))).toBe(false);
    expect(nestsDeeperThan("[".repeat(70) + "]".repeat(70))).toBe(true);
  });
});

describe("hasMalformedPath", () => {
  it("flags broken %-escapes only", () => {
    expect(hasMalformedPath("http://h/api/v1/runs/%ZZ")).toBe(true);
    expect(hasMalformedPath("http://h/runs/%E0%A4%A")).toBe(true);
    expect(hasMalformedPath("http://h/runs/abc%20d")).toBe(false);
  });
});

describe("nulBytePath", () => {
  it("names the first string or key holding U+0000", () => {
    expect(nulBytePath({ a: ["ok", { b: "x\u0000y" }] })).toBe("a[1].b");
    expect(nulBytePath({ ["k\u0000"]: 1 })).toBe("k\u0000");
    expect(nulBytePath("\u0000")).toBe("input");
    expect(nulBytePath({ a: "fine", n: 1, z: null })).toBeNull();
  });
});

describe("refuseNulBytes (routes no procedure parses, e.g. /api/auth)", () => {
  const field = async (request: Request) => {
    const refused = await refuseNulBytes(request);
    if (!refused) return null;
    expect(refused.status).toBe(400);
    return ((await refused.json()) as { error: { field: string } }).error.field;
  };
  const json = (body: unknown) =>
    new Request("http://localhost/api/auth/sign-up/email", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  it("names the JSON field, the query parameter or the path holding U+0000", async () => {
    expect(await field(json({ email: "a@b.c", name: "Mallory\u0000" }))).toBe("name");
    expect(await field(new Request("http://localhost/api/auth/x?callbackURL=%2F%00"))).toBe(
      "callbackURL",
    );
    expect(await field(new Request("http://localhost/api/auth/reset-password/t%00k"))).toBe("path");
  });

  it("passes clean, non-JSON and malformed bodies to the handler, still readable", async () => {
    const clean = json({ email: "a@b.c", name: "Mallory" });
    expect(await refuseNulBytes(clean)).toBeNull();
    expect(await clean.json()).toEqual({ email: "a@b.c", name: "Mallory" });
    expect(
      await refuseNulBytes(post("{not json", { "content-type": "application/json" })),
    ).toBeNull();
    expect(await refuseNulBytes(post("a=\u0000", { "content-type": "text/plain" }))).toBeNull();
    expect(await refuseNulBytes(new Request("http://localhost/api/auth/x?a=%2500"))).toBeNull();
  });
});
