import "server-only";
import { createAuth, type Auth } from "@meshbench/api";
import { authEnv } from "~/env";
import { getDatabase } from "./database";
import { getMailer, getServices } from "./services";

const globalForAuth = globalThis as unknown as { meshbenchAuth?: Auth };

/** The better-auth instance of this process, over the same database client as the services. */
export function getAuth(): Auth {
  globalForAuth.meshbenchAuth ??= createAuth(getDatabase(), {
    secret: authEnv.secret,
    baseURL: authEnv.baseURL,
    trustedOrigins: authEnv.trustedOrigins,
    mailer: getMailer(),
    audit: getServices().audit,
    oauth: authEnv.oauth,
  });
  return globalForAuth.meshbenchAuth;
}
