"use client";
import { organizationClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";

/** better-auth's browser client, same origin (/api/auth). */
export const authClient = createAuthClient({ plugins: [organizationClient()] });

/** Where to go after signing in: only a local path, never another site. */
export function safeNext(next: string | null | undefined, fallback = "/runs"): string {
  return next && next.startsWith("/") && !next.startsWith("//") ? next : fallback;
}
