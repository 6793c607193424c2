import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { judgeAddress, parseOutboundPolicy } from "./policy";
import { checkOutboundUrl, OutboundRefusedError } from "./resolve";

const production = parseOutboundPolicy("production", "");
const productionPrivate = parseOutboundPolicy("production", "10.20.0.0/16,fd12::/16");
const local = parseOutboundPolicy("local", "");
const test = parseOutboundPolicy("test", "10.250.0.0/24");

describe("address literals in URLs under the production policy", () => {
  // Every spelling of loopback, unspecified, link-local and metadata a URL parser accepts.
  const refused = [
    "https://127.0.0.1:6443",
    "https://127.1:6443",
    "https://2130706433/",
    "https://0x7f000001/",
    "https://0177.0.0.1/",
    "https://127.000.000.001/",
    "https://[::1]:6443",
    "https://[::ffff:127.0.0.1]/",
    "https://[::ffff:7f00:1]/",
    "https://[0:0:0:0:0:ffff:127.0.0.1]/",
    "https://[64:ff9b::7f00:1]/",
    "https://[2002:7f00:1::]/",
    "https://0.0.0.0/",
    "https://0/",
    "https://[::]/",
    "http://169.254.169.254/latest/meta-data/",
    "http://[fd00:ec2::254]/",
    "http://100.100.100.200/",
    "http://168.63.129.16/",
    "http://169.254.1.1/",
    "http://[fe80::1]/",
    "https://10.0.0.1/",
    "https://172.16.5.4/",
    "https://192.168.1.1/",
    "https://100.64.0.1/",
    "https://[fc00::1]/",
    "https://224.0.0.1/",
    "https://255.255.255.255/",
  ];
  it.each(refused)("refuses %s", (url) => {
    expect(() => checkOutboundUrl(production, url)).toThrow(OutboundRefusedError);
  });

  it("accepts public addresses and names (names are judged at connection time)", () => {
    expect(checkOutboundUrl(production, "https://8.8.8.8:6443").hostname).toBe("8.8.8.8");
    expect(checkOutboundUrl(production, "https://[2606:4700::1111]/").hostname).toBe(
      "[2606:4700::1111]",
    );
    expect(checkOutboundUrl(production, "https://localhost:6443").hostname).toBe("localhost");
  });

  it.each(["file:///etc/passwd", "gopher://8.8.8.8:70/", "ftp://8.8.8.8/", "ws://8.8.8.8/"])(
    "refuses the scheme of %s",
    (url) => {
      expect(() => checkOutboundUrl(production, url)).toThrow(/only https:\/\/ and http:\/\//);
    },
  );

  it("refuses credentials in the URL", () => {
    expect(() => checkOutboundUrl(production, "https://user:pw@8.8.8.8/")).toThrow(/credentials/);
  });
});

describe("judgeAddress per mode", () => {
  it("production allows private ranges only where the operator listed them", () => {
    expect(judgeAddress(production, "10.20.1.1").allowed).toBe(false);
    expect(judgeAddress(productionPrivate, "10.20.1.1").allowed).toBe(true);
    expect(judgeAddress(productionPrivate, "10.21.1.1").allowed).toBe(false);
    expect(judgeAddress(productionPrivate, "fd12::5").allowed).toBe(true);
    // ...and the allowance never reaches loopback or metadata
    expect(judgeAddress(productionPrivate, "127.0.0.1").allowed).toBe(false);
    expect(judgeAddress(productionPrivate, "::ffff:10.20.0.9").allowed).toBe(true);
  });

  it("local allows loopback and private, never link-local or metadata", () => {
    expect(judgeAddress(local, "127.0.0.1").allowed).toBe(true);
    expect(judgeAddress(local, "10.250.0.10").allowed).toBe(true);
    expect(judgeAddress(local, "169.254.169.254").allowed).toBe(false);
    expect(judgeAddress(local, "::ffff:169.254.169.254").allowed).toBe(false);
    expect(judgeAddress(local, "fe80::1").allowed).toBe(false);
  });

  it("test allows loopback and the test cluster's network only", () => {
    expect(judgeAddress(test, "127.0.0.1").allowed).toBe(true);
    expect(judgeAddress(test, "::1").allowed).toBe(true);
    expect(judgeAddress(test, "10.250.0.12").allowed).toBe(true);
    expect(judgeAddress(test, "10.251.0.12").allowed).toBe(false);
    expect(judgeAddress(test, "8.8.8.8").allowed).toBe(false);
  });

  it("property: production never allows an address in a loopback, link-local or metadata range, however spelt", () => {
    const v4 = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255));
    fc.assert(
      fc.property(v4, fc.boolean(), ([b, c, d], mapped) => {
        for (const a of [`127.${b}.${c}.${d}`, `169.254.${c}.${d}`, `0.${b}.${c}.${d}`]) {
          const text = mapped ? `::ffff:${a}` : a;
          if (judgeAddress(productionPrivate, text).allowed) return false;
        }
        return true;
      }),
    );
  });

  it("property: under test, only loopback or the allowed network passes", () => {
    fc.assert(
      fc.property(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255), (a, b, c, d) => {
        const ip = `${a}.${b}.${c}.${d}`;
        const expected = a === 127 || (a === 10 && b === 250 && c === 0);
        return judgeAddress(test, ip).allowed === expected;
      }),
    );
  });
});

describe("parseOutboundPolicy", () => {
  it("refuses an unknown mode and malformed or forbidden ranges, naming the position", () => {
    expect(() => parseOutboundPolicy("open", "")).toThrow(/one of production, local, test/);
    expect(() => parseOutboundPolicy("production", "10.0.0.0/8,nonsense")).toThrow(/range 2/);
    expect(() => parseOutboundPolicy("production", "169.254.0.0/16")).toThrow(/link-local/);
    expect(() => parseOutboundPolicy("production", "127.0.0.0/8")).toThrow(/loopback/);
  });
});
