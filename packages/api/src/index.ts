export { appRouter, createCaller, type AppRouter } from "./root";
export { createContext, type Actor, type Context, type Services } from "./context";
export { requireScope, rateLimited, auditActor } from "./trpc";
export {
  resolveActor,
  WORKSPACE_HEADER,
  type ActorResolverDeps,
  type SessionInfo,
} from "./auth/resolve-actor";
export {
  createAuth,
  sessionLookup,
  DISABLED_AUTH_PATHS,
  type Auth,
  type AuthConfig,
} from "./auth/create-auth";
export {
  clusterRules,
  createServices,
  createConsoleMailer,
  createDisabledMailer,
  createMailer,
  type Mailer,
} from "@meshbench/services";
export { limitBody, errorResponse } from "./http/body-limit";
export { isCrossSiteWrite, clientAddress, PEER_ADDRESS_HEADER } from "./http/request-guards";
export { hasMalformedPath, nestsDeeperThan, MAX_JSON_DEPTH } from "./http/json-depth";
export { refuseNulBytes } from "./http/nul-bytes";
export { serveFromNode } from "./http/node-adapter";
export { retryAfterHeader } from "./errors";
export {
  createRestHandler,
  openApiDocument,
  REST_BASE_PATH,
  REST_MAX_BODY_BYTES,
  type RestHandlerOptions,
} from "./rest";
