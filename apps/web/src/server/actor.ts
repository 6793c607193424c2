import "server-only";
import {
  resolveActor as resolveRequestActor,
  sessionLookup,
  type Actor,
  type Services,
} from "@meshbench/api";
import { getAuth } from "./auth";

/**
 * Resolves the caller of a page, tRPC or REST request: session cookie or API token, through the
 * one resolver in packages/api (auth/resolve-actor.ts).
 */
export async function resolveActor(services: Services, headers: Headers): Promise<Actor | null> {
  return resolveRequestActor(headers, {
    getSession: sessionLookup(getAuth()),
    memberships: services.members,
    tokens: services.tokens,
  });
}
