/**
 * Procedures above the viewer tier that have no REST operation on purpose, each with its reason.
 * The parity test (rest/rest-parity.test.ts) fails for any other member/admin/owner procedure
 * without `meta.openapi`, and for an exemption whose procedure is gone or has gained a route.
 */
export const REST_EXEMPTIONS: Record<string, string> = {
  "clusters.inspectKubeconfig":
    "the register form's context picker before saving; `meshbench cluster connect --context` picks " +
    "the context locally, and POST /clusters checks the kubeconfig the same way",
  "clusters.refreshDetection":
    "re-detecting meshes is part of validation: POST /clusters/{clusterId}/validate",
  "workspaces.setRetention":
    "deletes histograms over time: kept to signed-in admins, so no token (however leaked) can shorten it",
  "clusters.delete":
    "destructive: kept to signed-in admins, so no token (however leaked) can remove a cluster",
  "tokens.list": "tokens are managed by signed-in admins only: a token never lists tokens",
  "tokens.create": "tokens are managed by signed-in admins only: a token never mints a token",
  "tokens.revoke": "tokens are managed by signed-in admins only: a token never revokes one",
  "audit.list":
    "the audit log is for signed-in admins; no scope reaches it, so a CI token cannot read who did what",
  "members.invite": "membership is the owner's, in the browser: no token reaches owner procedures",
  "members.changeRole":
    "membership is the owner's, in the browser: no token reaches owner procedures",
  "members.remove": "membership is the owner's, in the browser: no token reaches owner procedures",
  "members.listInvitations":
    "membership is the owner's, in the browser: no token reaches owner procedures",
  "members.cancelInvitation":
    "membership is the owner's, in the browser: no token reaches owner procedures",
  "bundles.rerun":
    "creates a benchmark and starts a run: no one token scope grants both benchmarks:write and " +
    "runs:trigger; over REST a client reads GET /runs/{runId}/definition, then POST /benchmarks " +
    "and POST /runs (GET /runs/{runId}/rerun-plan lists the differences first)",
  "secrets.list":
    "header secrets are set up in the browser (Settings → Secrets); no scope reaches secrets.*, so a " +
    "CI token cannot even learn which secrets exist — a benchmark names its secret, CI never needs the list",
  "secrets.put":
    "a header secret's value is typed by a signed-in admin: no token (however leaked) can plant or " +
    "replace the credential a benchmark sends to the target",
  "secrets.delete":
    "destructive and credential-bearing: kept to signed-in admins, like clusters.delete",
  "secrets.generateTestJwt":
    "mints a signing key pair into the vault for the template picker's JWT variant: a signed-in " +
    "admin's choice, never a token's",
};
