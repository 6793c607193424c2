/**
 * Local-mode demo credentials, printed by the seed and the README. The seed refuses to run in
 * production mode, so these never exist there.
 */
export const DEMO_USER_EMAIL = "demo@meshbench.local";
export const DEMO_USER_PASSWORD = "meshbench-demo";
/** A fixed token with every scope for the demo workspace (local mode only). */
export const DEMO_API_TOKEN = "mbt_demo_local_only_0000000000000000000000000000";
