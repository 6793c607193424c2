import { describe, expect, it } from "vitest";
import { limitBody } from "./body-limit";
import { clientAddress, isCrossSiteWrite } from "./request-guards";

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
  it("takes the hop our own server appended", () => {
    expect(clientAddress(new Headers({ "x-forwarded-for": "1.1.1.1, 203.0.113.9" }))).toBe(
      "203.0.113.9",
    );
    expect(clientAddress(new Headers())).toBe("unknown");
  });
});
