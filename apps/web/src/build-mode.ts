/**
 * How this bundle was built — `next dev` (Next inlines NODE_ENV): the page CSP then allows the
 * eval its dev tooling needs. Kept apart from env.ts so the request proxy never evaluates the
 * configuration check: a production web missing configuration still answers /api/health/live
 * (and is never ready), instead of failing every request before it reaches a route.
 */
export const development = process.env.NODE_ENV === "development";

/** Whether this bundle runs on Node.js (Next inlines NEXT_RUNTIME per runtime it compiles for). */
export const nodeRuntime = process.env.NEXT_RUNTIME === "nodejs";
