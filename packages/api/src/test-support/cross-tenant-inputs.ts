import type { TRole } from "@meshbench/contracts";
import type { TTokenScope } from "@meshbench/contracts";
import { readDemoMatrix } from "@meshbench/demo";
import type { MatrixFixtures } from "./matrix-fixtures";

/**
 * One entry per tRPC procedure path: its tier and a factory for a VALID input. The cross-tenant
 * matrix test calls every procedure as every kind of caller with that input.
 *
 * - `object`: the input names objects of workspace A (create fresh ones in the factory when the
 *   call consumes them). Callers from B must get exactly FORBIDDEN or NOT_FOUND.
 * - `workspace`: the procedure acts on the caller's own workspace (lists, creates). Callers from
 *   B must succeed on B without any of A's ids in the answer.
 * - `public`: no workspace at all (say why).
 */
export type MatrixEntry =
  | {
      kind: "object" | "workspace";
      minimum: TRole;
      scope?: TTokenScope;
      input: (fx: MatrixFixtures) => unknown;
    }
  | {
      kind: "public";
      why: string;
      /** A valid input, when there is one: anonymous callers must then succeed with it. */
      input?: (fx: MatrixFixtures) => unknown;
    };

const none = () => undefined;

/** Fortio's JSON for one trial of the real matrix, as CI would upload it. */
const fortioTrial = readDemoMatrix().find((f) => f.variant === "baseline")!.text;

/**
 * A bundle of A's run with A's names and ids replaced: importing it into B is what a bundle is
 * for, and B's later answers (runs list, filters) must still hold none of A's markers.
 */
async function neutralBundle(fx: MatrixFixtures) {
  let text = JSON.stringify(await fx.services.bundles.build(fx.a.workspaceId, fx.a.runId));
  for (const marker of fx.markersOfA) text = text.replaceAll(marker, "exported");
  return JSON.parse(text) as unknown;
}

/** A fresh e-mail channel of A (no outbound policy needed). */
async function channelOfA(fx: MatrixFixtures) {
  const { channel } = await fx.services.alerts.createChannel(
    fx.a.workspaceId,
    { kind: "email", name: `a-${fx.unique()}`, address: "a@example.test" },
    { actorUserId: null },
  );
  return channel.id;
}

const comparison = (fx: MatrixFixtures) => ({
  items: [
    { runId: fx.a.runId, variant: "baseline", levelKey: fx.levelKey },
    { runId: fx.a.runId, variant: "nginx", levelKey: fx.levelKey },
  ],
  reference: 0,
});

export const matrixEntries: Record<string, MatrixEntry> = {
  "health.check": { kind: "public", why: "liveness probe; reports only database reachability" },

  "runs.list": { kind: "workspace", minimum: "viewer", input: () => ({ limit: 10 }) },
  "runs.get": { kind: "object", minimum: "viewer", input: (fx) => ({ runId: fx.a.runId }) },
  "runs.definition": {
    kind: "object",
    minimum: "viewer",
    input: (fx) => ({ runId: fx.a.runId }),
  },

  "runs.trialRateSeries": {
    kind: "object",
    minimum: "viewer",
    input: async (fx) => {
      const trial = await fx.db.trial.findFirstOrThrow({ where: { runId: fx.a.runId } });
      return { runId: fx.a.runId, trialId: trial.id };
    },
  },

  "workspaces.current": { kind: "workspace", minimum: "viewer", input: none },
  "workspaces.retention": { kind: "workspace", minimum: "viewer", input: none },
  "workspaces.setRetention": {
    kind: "workspace",
    minimum: "admin",
    input: () => ({ retentionDays: 90 }),
  },

  "members.list": { kind: "workspace", minimum: "viewer", input: none },
  "members.invite": {
    kind: "workspace",
    minimum: "owner",
    input: (fx) => ({ email: `invitee-${fx.unique()}@example.test`, role: "member" }),
  },
  "members.changeRole": {
    kind: "object",
    minimum: "owner",
    input: async (fx) => ({ memberId: (await fx.newMemberOfA("viewer")).memberId, role: "member" }),
  },
  "members.remove": {
    kind: "object",
    minimum: "owner",
    input: async (fx) => ({ memberId: (await fx.newMemberOfA("member")).memberId }),
  },
  "members.listInvitations": { kind: "workspace", minimum: "owner", input: none },
  "members.cancelInvitation": {
    kind: "object",
    minimum: "owner",
    input: async (fx) => {
      const invitation = await fx.db.invitation.create({
        data: {
          workspaceId: fx.a.workspaceId,
          email: `pending-${fx.unique()}@example.test`,
          role: "viewer",
          inviterId: fx.a.ownerUserId,
          expiresAt: new Date(Date.now() + 3600_000),
        },
      });
      return { invitationId: invitation.id };
    },
  },

  "tokens.list": { kind: "workspace", minimum: "admin", input: none },
  "tokens.create": {
    kind: "workspace",
    minimum: "admin",
    input: (fx) => ({ name: `ci-${fx.unique()}`, scopes: ["read", "results:write"] }),
  },
  "tokens.revoke": {
    kind: "object",
    minimum: "admin",
    input: async (fx) => {
      const token = await fx.db.apiToken.create({
        data: {
          workspaceId: fx.a.workspaceId,
          name: "victim",
          prefix: "mbt_x",
          hash: `h-${fx.unique()}`,
          scopes: ["read"],
        },
      });
      return { tokenId: token.id };
    },
  },

  "audit.list": { kind: "workspace", minimum: "admin", input: () => ({ limit: 20 }) },

  "benchmarks.estimate": {
    kind: "workspace",
    minimum: "viewer",
    input: () => ({
      variants: [{ name: "baseline", mesh: "baseline" }],
      loadMatrix: { qps: [100, "max"], connections: [8] },
      repetitions: 3,
      durationSeconds: 30,
      warmupSeconds: 5,
    }),
  },

  "benchmarks.list": { kind: "workspace", minimum: "viewer", input: none },
  "benchmarks.setArchived": {
    kind: "object",
    minimum: "member",
    scope: "benchmarks:write",
    // Restoring a benchmark that is not archived: the call succeeds and changes nothing.
    input: (fx) => ({ benchmarkKey: fx.a.benchmarkKey, archived: false }),
  },
  "bundles.import": {
    kind: "workspace",
    minimum: "member",
    scope: "results:write",
    input: async (fx) => ({ bundle: await neutralBundle(fx) }),
  },
  "bundles.rerunPlan": {
    kind: "object",
    minimum: "member",
    scope: "runs:trigger",
    input: (fx) => ({ runId: fx.a.runId, clusterId: fx.a.clusterId }),
  },
  "bundles.rerun": {
    kind: "object",
    minimum: "member",
    input: (fx) => ({ runId: fx.a.runId, clusterId: fx.a.clusterId }),
  },
  "benchmarks.get": {
    kind: "object",
    minimum: "viewer",
    input: (fx) => ({ benchmarkKey: fx.a.benchmarkKey }),
  },
  "benchmarks.create": {
    kind: "workspace",
    minimum: "member",
    scope: "benchmarks:write",
    input: (fx) => fx.benchmarkDefinition(`bench-${fx.unique()}`),
  },
  "benchmarks.createFromTemplate": {
    kind: "workspace",
    minimum: "member",
    scope: "benchmarks:write",
    input: (fx) => ({
      template: { key: "istio-perf-page", testScale: true },
      overrides: { key: `from-template-${fx.unique()}`, name: "From a template" },
    }),
  },
  "benchmarks.update": {
    kind: "object",
    minimum: "member",
    scope: "benchmarks:write",
    input: (fx) => ({
      benchmarkKey: fx.a.benchmarkKey,
      definition: fx.benchmarkDefinition(fx.a.benchmarkKey),
    }),
  },

  "clusters.list": { kind: "workspace", minimum: "viewer", input: none },
  "clusters.get": {
    kind: "object",
    minimum: "viewer",
    input: (fx) => ({ clusterId: fx.a.clusterId }),
  },
  "clusters.inspectKubeconfig": {
    kind: "workspace",
    minimum: "admin",
    input: (fx) => ({ kubeconfig: fx.kubeconfig.unreachable }),
  },
  // Success here is a registered cluster with status "unreachable" (nothing listens on the port).
  "clusters.register": {
    kind: "workspace",
    minimum: "admin",
    scope: "clusters:write",
    input: (fx) => ({
      name: `edge ${fx.unique()}`,
      auth: { mode: "kubeconfig", kubeconfig: fx.kubeconfig.unreachable },
    }),
  },
  "clusters.updateCredentials": {
    kind: "object",
    minimum: "admin",
    scope: "clusters:write",
    input: async (fx) => ({
      clusterId: await fx.newClusterOfA(),
      kubeconfig: fx.kubeconfig.reachable,
    }),
  },
  "clusters.calibrate": {
    kind: "object",
    minimum: "member",
    scope: "runs:trigger",
    input: (fx) => ({ clusterId: fx.a.clusterId }),
  },
  "clusters.noiseBand": {
    kind: "object",
    minimum: "viewer",
    input: (fx) => ({ clusterId: fx.a.clusterId }),
  },
  "clusters.setCaps": {
    kind: "object",
    minimum: "admin",
    scope: "clusters:write",
    input: (fx) => ({ clusterId: fx.a.clusterId, caps: { maxQps: 5000 } }),
  },
  "clusters.validate": {
    kind: "object",
    minimum: "admin",
    scope: "clusters:write",
    input: (fx) => ({ clusterId: fx.a.clusterId }),
  },
  "clusters.refreshDetection": {
    kind: "object",
    minimum: "member",
    input: (fx) => ({ clusterId: fx.a.clusterId }),
  },
  "clusters.delete": {
    kind: "object",
    minimum: "admin",
    input: async (fx) => ({ clusterId: await fx.newClusterOfA() }),
  },

  "history.get": {
    kind: "object",
    minimum: "viewer",
    input: (fx) => ({ benchmarkKey: fx.a.benchmarkKey }),
  },
  "history.decideChangePoint": {
    kind: "object",
    minimum: "member",
    scope: "benchmarks:write",
    input: (fx) => ({
      benchmarkKey: fx.a.benchmarkKey,
      seriesKey: "baseline @ 100 QPS, 8 conn|p99",
      runId: fx.a.runId,
      status: "dismissed",
    }),
  },
  "history.compare": {
    kind: "object",
    minimum: "viewer",
    input: (fx) => ({
      benchmarkKey: fx.a.benchmarkKey,
      by: "meshVersion",
      name: "istio",
      a: "1.26.2",
      b: "1.27.1",
    }),
  },
  "history.exclusion": {
    kind: "object",
    minimum: "viewer",
    input: (fx) => ({ runId: fx.a.runId }),
  },
  "history.excludeRun": {
    kind: "object",
    minimum: "member",
    scope: "benchmarks:write",
    input: async (fx) => ({ runId: await fx.newQueuedRunOfA(), reason: "cross-tenant matrix" }),
  },
  "history.includeRun": {
    kind: "object",
    minimum: "member",
    scope: "benchmarks:write",
    input: async (fx) => ({ runId: await fx.newQueuedRunOfA() }),
  },

  "reports.run": { kind: "object", minimum: "viewer", input: (fx) => ({ runId: fx.a.runId }) },
  "reports.progress": { kind: "object", minimum: "viewer", input: (fx) => ({ runId: fx.a.runId }) },
  "reports.compare": { kind: "object", minimum: "viewer", input: comparison },
  "reports.comparableRuns": { kind: "workspace", minimum: "viewer", input: () => ({ limit: 10 }) },
  "reports.exportRun": {
    kind: "object",
    minimum: "viewer",
    input: (fx) => ({ runId: fx.a.runId, format: "csv" }),
  },
  "reports.exportComparison": {
    kind: "object",
    minimum: "viewer",
    input: (fx) => ({ state: comparison(fx), format: "json" }),
  },
  "reports.exportBundle": {
    kind: "object",
    minimum: "viewer",
    input: (fx) => ({ runId: fx.a.runId }),
  },
  "reports.exportSmp": {
    kind: "object",
    minimum: "viewer",
    input: (fx) => ({ runId: fx.a.runId }),
  },

  "results.getRun": { kind: "object", minimum: "viewer", input: (fx) => ({ runId: fx.a.runId }) },
  "results.upload": {
    kind: "workspace",
    minimum: "member",
    scope: "results:write",
    input: () => ({
      benchmark: "ci-upload",
      git: { branch: "main", commit: "0123456789abcdef" },
      trials: [{ result: fortioTrial, variant: "baseline" }],
    }),
  },

  "runs.filterOptions": { kind: "workspace", minimum: "viewer", input: none },
  "runs.start": {
    kind: "object",
    minimum: "member",
    scope: "runs:trigger",
    input: (fx) => ({ benchmarkId: fx.a.benchmarkId, clusterId: fx.a.clusterId }),
  },
  "runs.cancel": {
    kind: "object",
    minimum: "member",
    scope: "runs:trigger",
    input: async (fx) => ({ runId: await fx.newQueuedRunOfA() }),
  },

  "alerts.createChannel": {
    kind: "workspace",
    minimum: "admin",
    scope: "alerts:write",
    input: (fx) => ({ kind: "email", name: `mail-${fx.unique()}`, address: "ops@example.test" }),
  },
  "alerts.listChannels": {
    kind: "workspace",
    minimum: "member",
    scope: "benchmarks:write",
    input: none,
  },
  "alerts.deleteChannel": {
    kind: "object",
    minimum: "admin",
    scope: "alerts:write",
    input: async (fx) => ({ channelId: await channelOfA(fx) }),
  },
  "alerts.deliveries": {
    kind: "object",
    minimum: "admin",
    scope: "alerts:write",
    input: async (fx) => ({ channelId: await channelOfA(fx) }),
  },
  "alerts.createRule": {
    kind: "object",
    minimum: "member",
    scope: "benchmarks:write",
    input: async (fx) => ({
      benchmarkKey: fx.a.benchmarkKey,
      channelId: await channelOfA(fx),
      kind: "run_failed",
    }),
  },
  "alerts.listRules": {
    kind: "object",
    minimum: "viewer",
    input: (fx) => ({ benchmarkKey: fx.a.benchmarkKey }),
  },
  "alerts.deleteRule": {
    kind: "object",
    minimum: "member",
    scope: "benchmarks:write",
    input: async (fx) => {
      const rule = await fx.services.alerts.createRule(
        fx.a.workspaceId,
        {
          benchmarkKey: fx.a.benchmarkKey,
          channelId: await channelOfA(fx),
          kind: "run_failed",
        },
        { actorUserId: null },
      );
      return { ruleId: rule.id };
    },
  },
  "schedules.list": { kind: "workspace", minimum: "viewer", input: () => ({}) },
  "schedules.preview": {
    kind: "workspace",
    minimum: "viewer",
    input: () => ({ cron: "0 2 * * *", timezone: "Europe/Berlin" }),
  },
  "schedules.create": {
    kind: "object",
    minimum: "member",
    scope: "runs:trigger",
    input: (fx) => ({
      benchmarkId: fx.a.benchmarkId,
      clusterId: fx.a.clusterId,
      cron: "0 2 * * *",
      timezone: "UTC",
    }),
  },
  "schedules.update": {
    kind: "object",
    minimum: "member",
    scope: "runs:trigger",
    input: async (fx) => ({ scheduleId: await fx.newScheduleOfA(), enabled: false }),
  },
  "schedules.delete": {
    kind: "object",
    minimum: "member",
    scope: "runs:trigger",
    input: async (fx) => ({ scheduleId: await fx.newScheduleOfA() }),
  },

  "secrets.list": { kind: "workspace", minimum: "member", input: none },
  "secrets.put": {
    kind: "workspace",
    minimum: "admin",
    input: (fx) => ({ name: `s-${fx.unique()}`, value: "v" }),
  },
  "secrets.generateTestJwt": {
    kind: "workspace",
    minimum: "admin",
    input: (fx) => ({ name: `jwt-${fx.unique()}` }),
  },
  "secrets.delete": {
    kind: "object",
    minimum: "admin",
    input: async (fx) => {
      const name = `doomed-${fx.unique()}`;
      await fx.services.secrets.put(fx.a.workspaceId, { name, value: "v" }, { actorUserId: null });
      return { name };
    },
  },

  // Static catalogue, but viewers only: the answer holds no workspace data either way.
  "templates.list": { kind: "workspace", minimum: "viewer", input: () => ({}) },
  "templates.get": {
    kind: "workspace",
    minimum: "viewer",
    input: () => ({ key: "istio-perf-page", testScale: true }),
  },

  "share.list": { kind: "workspace", minimum: "viewer", input: (fx) => ({ runId: fx.a.runId }) },
  "share.create": {
    kind: "object",
    minimum: "member",
    scope: "share:write",
    input: (fx) => ({ kind: "run", runId: fx.a.runId }),
  },
  "share.revoke": {
    kind: "object",
    minimum: "member",
    scope: "share:write",
    input: async (fx) => ({ id: await fx.newShareLinkOfA() }),
  },
  "share.view": {
    kind: "public",
    why: "a share link's 256-bit id is the capability; revoked or unknown ids are NOT_FOUND",
    input: (fx) => ({ id: fx.a.shareLinkId }),
  },
  "share.export": {
    kind: "public",
    why: "the shared view as CSV/JSON, under the same 256-bit link id",
    input: (fx) => ({ id: fx.a.shareLinkId, format: "csv" }),
  },

  "verdicts.get": { kind: "object", minimum: "viewer", input: (fx) => ({ runId: fx.a.runId }) },
  "verdicts.recompute": {
    kind: "object",
    minimum: "member",
    scope: "results:write",
    input: (fx) => ({ runId: fx.a.runId }),
  },
  "verdicts.records": { kind: "object", minimum: "viewer", input: (fx) => ({ runId: fx.a.runId }) },
  "verdicts.budgets": {
    kind: "object",
    minimum: "viewer",
    input: (fx) => ({ benchmarkKey: fx.a.benchmarkKey }),
  },
  "verdicts.setBudgets": {
    kind: "object",
    minimum: "admin",
    scope: "budgets:write",
    input: (fx) => ({ benchmarkKey: fx.a.benchmarkKey, budgets: fx.budgets }),
  },
};
