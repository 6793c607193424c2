import { z } from "zod";

/**
 * Where the load generator (the client) sits for a variant: in the mesh, as the write-ups put it
 * (both sidecars with mTLS, ambient's source ztunnel and its waypoint), or outside it, for
 * "server side only" questions (only the server's proxy is on the path, and no mTLS).
 */
export const ZClientPlacement = z.enum(["in-mesh", "outside"]);
export type TClientPlacement = z.infer<typeof ZClientPlacement>;

/**
 * A hop a request crosses between the load generator and the target. The concrete component
 * follows from the mesh kind: an Istio sidecar or a Linkerd proxy at either end, ztunnel at
 * either end in ambient (the Kmesh daemon for Kmesh), a waypoint in between.
 */
export const PATH_HOPS = ["client-proxy", "waypoint", "server-proxy"] as const;
export const ZPathHop = z.enum(PATH_HOPS);
export type TPathHop = z.infer<typeof ZPathHop>;

/** A variant's declared path: where the client sits, the hops expected, mTLS expected or not. */
export const ZTopology = z.object({
  client: ZClientPlacement,
  hops: z
    .array(ZPathHop)
    .max(PATH_HOPS.length)
    .refine((h) => new Set(h).size === h.length, "each hop once"),
  mtls: z.boolean(),
});
export type TTopology = z.infer<typeof ZTopology>;

/** The component that plays a hop, by mesh kind (what the path check reads counters from). */
export const ZPathProxy = z.enum([
  "istio-sidecar",
  "ztunnel",
  "waypoint",
  "linkerd-proxy",
  "kmesh",
  "cilium",
  "custom",
]);
export type TPathProxy = z.infer<typeof ZPathProxy>;

/**
 * What a hop's counters are compared with: requests (L7 proxies count requests), bytes toward
 * the client (L4 proxies count bytes and connections, not requests), connections opened.
 */
export const ZPathMeasure = z.enum(["requests", "response-bytes", "connections"]);
export type TPathMeasure = z.infer<typeof ZPathMeasure>;

/** One measure at one hop: what the trial sent, what the counters moved, what was required. */
export const ZPathMeasureCheck = z.object({
  measure: ZPathMeasure,
  /** What the trial sent (the load generator's own result), or null for "at least one". */
  sent: z.number().nonnegative().nullable(),
  /** The counters' growth over the trial. */
  counted: z.number(),
  /** Of that growth, what went with mutual TLS (null: the proxy does not say). */
  mtls: z.number().nullable(),
  /** The least growth that verifies the hop. */
  required: z.number().nonnegative(),
});
export type TPathMeasureCheck = z.infer<typeof ZPathMeasureCheck>;

export const ZPathStatus = z.enum(["verified", "not_verified", "unchecked"]);
export type TPathStatus = z.infer<typeof ZPathStatus>;

/** One hop's check: declared on the path or not, its component, its measures and the judgement. */
export const ZHopCheck = z.object({
  hop: ZPathHop,
  proxy: ZPathProxy,
  /** Declared on the path (else the check is that it carried no share of the traffic). */
  expected: z.boolean(),
  status: ZPathStatus,
  measures: z.array(ZPathMeasureCheck),
  /** Why not verified or unchecked, in words; null when verified. */
  problem: z.string().nullable(),
});
export type THopCheck = z.infer<typeof ZHopCheck>;

/** A trial's path check, stored with the trial. */
export const ZPathCheck = z.object({
  status: ZPathStatus,
  topology: ZTopology,
  hops: z.array(ZHopCheck),
  /** One sentence: what was verified, or what did not take the declared path. */
  summary: z.string(),
});
export type TPathCheck = z.infer<typeof ZPathCheck>;

/** A variant's path on the run page: the declared topology in words and its checked result. */
export const ZVariantPathReport = z.object({
  variant: z.string(),
  mesh: z.string(),
  topology: ZTopology,
  /** "client in the mesh → ztunnel (client node) → ztunnel (server node), mTLS expected". */
  declared: z.string(),
  /** not_applicable: no proxy declared (no mesh); not_run: no trial of it was checked. */
  status: z.union([ZPathStatus, z.enum(["not_run", "not_applicable"])]),
  trials: z.object({
    verified: z.number().int(),
    notVerified: z.number().int(),
    unchecked: z.number().int(),
  }),
  /** The checked result in words (counters seen, or why unchecked). */
  checked: z.string(),
});
export type TVariantPathReport = z.infer<typeof ZVariantPathReport>;
