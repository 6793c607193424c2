import ipaddr from "ipaddr.js";

/**
 * Which addresses our processes may connect to on a tenant's behalf (cluster API servers,
 * Prometheus URLs, later webhook targets). One policy per deployment, chosen by the operator:
 * - `production`: public addresses only; private ranges (RFC 1918, CGNAT, IPv6 unique-local) only
 *   when listed in `allow`; loopback, unspecified, link-local and cloud metadata never.
 * - `local` (the demo): everything but link-local and cloud metadata (the demo's cluster lives on
 *   a private bridge; a laptop user may register a public endpoint).
 * - `test` (e2e, soak, fuzz): loopback and the networks in `allow` (the test cluster this run
 *   created) only, so no generated input can make CI dial anything else.
 */
export const OUTBOUND_POLICY_MODES = ["production", "local", "test"] as const;
export type OutboundPolicyMode = (typeof OUTBOUND_POLICY_MODES)[number];

export type OutboundPolicy = {
  readonly mode: OutboundPolicyMode;
  /** CIDR ranges the operator allows beyond the mode's defaults (never loopback or metadata). */
  readonly allow: readonly string[];
};

/** What an address is, as far as the policy cares. */
export type AddressClass =
  "public" | "private" | "loopback" | "unspecified" | "link-local" | "metadata" | "special";

/**
 * Cloud metadata and platform endpoints reachable from inside a VM: AWS/GCP/Azure/OpenStack
 * (169.254.169.254, also inside link-local), AWS ECS task metadata (169.254.170.2), AWS IPv6
 * (fd00:ec2::254), Alibaba (100.100.100.200), Azure's wire server (168.63.129.16, a public
 * address), Oracle's (192.0.0.192).
 */
const METADATA = [
  "169.254.169.254",
  "169.254.170.2",
  "100.100.100.200",
  "168.63.129.16",
  "192.0.0.192",
  "fd00:ec2::254",
].map((a) => ipaddr.parse(a).toString());

const V4_CLASSES: Record<string, AddressClass> = {
  unicast: "public",
  private: "private",
  carrierGradeNat: "private",
  loopback: "loopback",
  unspecified: "unspecified",
  linkLocal: "link-local",
};
const V6_CLASSES: Record<string, AddressClass> = {
  unicast: "public",
  uniqueLocal: "private",
  deprecatedSiteLocal: "private",
  loopback: "loopback",
  unspecified: "unspecified",
  linkLocal: "link-local",
};

/** IPv6 forms that carry an IPv4 address (mapped, translated, NAT64, 6to4) give it back. */
function embeddedV4(a: ipaddr.IPv6): ipaddr.IPv4 | null {
  const range = a.range();
  const p = a.parts;
  if (range === "ipv4Mapped" || range === "rfc6145" || range === "rfc6052")
    return new ipaddr.IPv4([p[6]! >> 8, p[6]! & 0xff, p[7]! >> 8, p[7]! & 0xff]);
  if (range === "6to4")
    return new ipaddr.IPv4([p[1]! >> 8, p[1]! & 0xff, p[2]! >> 8, p[2]! & 0xff]);
  return null;
}

/** Parses an address literal (IPv4 dotted quad or IPv6, brackets allowed); null if it is not one. */
export function parseAddress(text: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  // Only canonical four-part IPv4: `127.1` or `2130706433` as a *host name* is a name (the URL
  // parser has already normalised those spellings in URLs).
  if (ipaddr.IPv4.isValidFourPartDecimal(bare)) return ipaddr.IPv4.parse(bare);
  if (ipaddr.IPv6.isValid(bare)) return ipaddr.IPv6.parse(bare.split("%")[0]!);
  return null;
}

export function classifyAddress(address: ipaddr.IPv4 | ipaddr.IPv6): AddressClass {
  const v4 = address.kind() === "ipv6" ? embeddedV4(address as ipaddr.IPv6) : null;
  const a = v4 ?? address;
  if (METADATA.includes(a.toString())) return "metadata";
  const table = a.kind() === "ipv4" ? V4_CLASSES : V6_CLASSES;
  return table[a.range()] ?? "special";
}

function inRanges(address: ipaddr.IPv4 | ipaddr.IPv6, ranges: readonly string[]) {
  const v4 = address.kind() === "ipv6" ? embeddedV4(address as ipaddr.IPv6) : null;
  const a = v4 ?? address;
  return ranges.some((r) => {
    const [net, bits] = ipaddr.parseCIDR(r);
    return net.kind() === a.kind() && a.match(net, bits);
  });
}

export type AddressVerdict = { allowed: true } | { allowed: false; class: AddressClass };

/** Whether the policy lets us connect to `address` (an IP literal, already resolved). */
export function judgeAddress(policy: OutboundPolicy, address: string): AddressVerdict {
  const parsed = parseAddress(address);
  if (!parsed) return { allowed: false, class: "special" };
  const cls = classifyAddress(parsed);
  const no = { allowed: false, class: cls } as const;
  if (cls === "metadata" || cls === "link-local" || cls === "special") return no;
  switch (policy.mode) {
    case "production":
      if (cls === "public") return { allowed: true };
      return cls === "private" && inRanges(parsed, policy.allow) ? { allowed: true } : no;
    case "local":
      return { allowed: true };
    case "test":
      return cls === "loopback" || inRanges(parsed, policy.allow) ? { allowed: true } : no;
  }
}

/**
 * Reads the operator's settings (`MESHBENCH_OUTBOUND_POLICY`, `MESHBENCH_OUTBOUND_ALLOW`): the
 * mode and comma-separated CIDRs. Throws with the offending value's position, never silently
 * widens. Ranges that would unlock loopback, link-local or metadata are refused.
 */
export function parseOutboundPolicy(mode: string, allow: string | undefined): OutboundPolicy {
  if (!(OUTBOUND_POLICY_MODES as readonly string[]).includes(mode))
    throw new Error(`outbound policy must be one of ${OUTBOUND_POLICY_MODES.join(", ")}`);
  const ranges = (allow ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  ranges.forEach((r, i) => {
    let net: ipaddr.IPv4 | ipaddr.IPv6;
    try {
      [net] = ipaddr.parseCIDR(r);
    } catch {
      throw new Error(`allowed range ${i + 1} is not a CIDR range (e.g. 10.0.0.0/8)`);
    }
    const cls = classifyAddress(net);
    if (cls === "link-local" || cls === "metadata" || (cls === "loopback" && mode === "production"))
      throw new Error(`allowed range ${i + 1} covers ${cls} addresses, which are never allowed`);
  });
  return { mode: mode as OutboundPolicyMode, allow: ranges };
}
