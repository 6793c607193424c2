import { auditRouter } from "./routers/audit";
import { healthRouter } from "./routers/health";
import { membersRouter } from "./routers/members";
import { tokensRouter } from "./routers/tokens";
import { workspacesRouter } from "./routers/workspaces";
import { runsRouter } from "./routers/runs";
import { reportsRouter } from "./routers/reports";
import { shareRouter } from "./routers/share";
import { resultsRouter } from "./routers/results";
import { verdictsRouter } from "./routers/verdicts";
import { historyRouter } from "./routers/history";
import { clustersRouter } from "./routers/clusters";
import { benchmarksRouter } from "./routers/benchmarks";
import { bundlesRouter } from "./routers/bundles";
import { templatesRouter } from "./routers/templates";
import { secretsRouter } from "./routers/secrets";
import { alertsRouter } from "./routers/alerts";
import { schedulesRouter } from "./routers/schedules";
import { createCallerFactory, createTRPCRouter } from "./trpc";

export const appRouter = createTRPCRouter({
  results: resultsRouter,
  verdicts: verdictsRouter,
  history: historyRouter,
  alerts: alertsRouter,
  health: healthRouter,
  runs: runsRouter,
  workspaces: workspacesRouter,
  members: membersRouter,
  tokens: tokensRouter,
  audit: auditRouter,
  reports: reportsRouter,
  share: shareRouter,
  clusters: clustersRouter,
  benchmarks: benchmarksRouter,
  bundles: bundlesRouter,
  templates: templatesRouter,
  secrets: secretsRouter,
  schedules: schedulesRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
