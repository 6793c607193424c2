/**
 * Local-mode demo credentials, printed by the seed and the README. The seed refuses to run in
 * production mode, so these never exist there.
 */
export const DEMO_USER_EMAIL = "demo@meshbench.local";
export const DEMO_USER_PASSWORD = "meshbench-demo";
/**
 * A fixed CI token for the demo workspace (local mode only): every scope but `budgets:write`,
 * which no token may hold beside `results:write`/`runs:trigger`.
 */
export const DEMO_API_TOKEN = "mbt_demo_local_only_0000000000000000000000000000";
/** A fixed admin token for the demo workspace: `read`, `budgets:write`, `clusters:write`. */
export const DEMO_ADMIN_TOKEN = "mbt_demo_admin_local_only_00000000000000000000000";
