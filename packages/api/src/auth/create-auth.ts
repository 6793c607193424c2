import type { Database } from "@meshbench/db";
import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { createAccessControl } from "better-auth/plugins/access";
import { organization } from "better-auth/plugins/organization";
import {
  adminAc,
  defaultStatements,
  memberAc,
  ownerAc,
} from "better-auth/plugins/organization/access";
import type { AuditService, Mailer } from "@meshbench/services";

export type OAuthProviderConfig = { clientId: string; clientSecret: string };

export type AuthConfig = {
  /** ≥ 32 characters; signs session cookies and hashes one-time values. */
  secret: string;
  /** Public URL of the app, e.g. https://meshbench.example.com (cookies and links derive from it). */
  baseURL: string;
  trustedOrigins?: string[];
  mailer: Mailer;
  audit: Pick<AuditService, "record">;
  oauth?: { github?: OAuthProviderConfig; google?: OAuthProviderConfig };
};

// Member management (invite, role change, removal, cancel) goes through our tRPC procedures, so
// that one middleware authorises everything; better-auth's own endpoints for it are switched off.
// What stays open is per-user: create a workspace, switch, list mine, accept/reject my invitation.
export const DISABLED_AUTH_PATHS = [
  "/organization/invite-member",
  "/organization/cancel-invitation",
  "/organization/update-member-role",
  "/organization/remove-member",
  "/organization/leave",
  "/organization/update",
  "/organization/delete",
  "/organization/list-members",
  "/organization/list-invitations",
  "/organization/get-full-organization",
  "/organization/get-active-member",
  "/organization/get-active-member-role",
  "/organization/create-role",
  "/organization/update-role",
  "/organization/delete-role",
];

const ac = createAccessControl(defaultStatements);
const roles = {
  owner: ac.newRole(ownerAc.statements),
  admin: ac.newRole(adminAc.statements),
  member: ac.newRole(memberAc.statements),
  viewer: ac.newRole({ organization: [], member: [], invitation: [] }),
};

export function createAuth(db: Database, config: AuthConfig) {
  const secure = config.baseURL.startsWith("https://");
  return betterAuth({
    appName: "Meshbench",
    baseURL: config.baseURL,
    basePath: "/api/auth",
    secret: config.secret,
    trustedOrigins: [config.baseURL, ...(config.trustedOrigins ?? [])],
    database: prismaAdapter(db, { provider: "postgresql" }),
    telemetry: { enabled: false },
    // Our Postgres-backed limiter wraps the auth route (it holds across replicas); see the web app.
    rateLimit: { enabled: false },
    disabledPaths: DISABLED_AUTH_PATHS,
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 30,
      async sendResetPassword({ user, url }) {
        await config.mailer.send({
          to: user.email,
          subject: "Reset your Meshbench password",
          text: `Someone asked to reset the password of ${user.email}. If it was you, open:\n${url}\nThe link works for 30 minutes.`,
        });
      },
    },
    socialProviders: {
      ...(config.oauth?.github ? { github: config.oauth.github } : {}),
      ...(config.oauth?.google ? { google: config.oauth.google } : {}),
    },
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    advanced: {
      cookiePrefix: "meshbench",
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure },
      // Ids come from Postgres (cuid), like every other row.
      database: { generateId: false },
    },
    plugins: [
      organization({
        ac,
        roles,
        creatorRole: "owner",
        allowUserToCreateOrganization: true,
        invitationExpiresIn: 60 * 60 * 24 * 7,
        // There is no email-verification step yet; the invitation id is a 128-bit random
        // capability sent to the invited address, and only that address can accept it.
        requireEmailVerificationOnInvitation: false,
        schema: {
          organization: { modelName: "workspace" },
          member: { modelName: "membership", fields: { organizationId: "workspaceId" } },
          invitation: { modelName: "invitation", fields: { organizationId: "workspaceId" } },
          session: { fields: { activeOrganizationId: "activeWorkspaceId" } },
        },
        organizationHooks: {
          async afterCreateOrganization({ organization: workspace, user }) {
            await config.audit.record(workspace.id, {
              actorUserId: user.id,
              action: "workspace.created",
              targetType: "workspace",
              targetId: workspace.id,
              metadata: { slug: workspace.slug, name: workspace.name },
            });
          },
          async afterAcceptInvitation({ invitation, member, user }) {
            await config.audit.record(invitation.organizationId, {
              actorUserId: user.id,
              action: "member.added",
              targetType: "member",
              targetId: member.id,
              metadata: { userId: user.id, role: member.role, invitationId: invitation.id },
            });
          },
        },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The session lookup resolveActor needs, over a better-auth instance. */
export function sessionLookup(auth: Auth) {
  return async (headers: Headers) => {
    const result = await auth.api.getSession({ headers });
    if (!result) return null;
    const session = result.session as { activeOrganizationId?: string | null };
    return { userId: result.user.id, activeWorkspaceId: session.activeOrganizationId ?? null };
  };
}
