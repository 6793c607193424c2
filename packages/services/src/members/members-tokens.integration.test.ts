import { createPrismaClient } from "@meshbench/db";
import { useTestDatabase } from "@meshbench/testing/postgres";
import { beforeAll, describe, expect, it } from "vitest";
import { createServices, type Services } from "../create-services";
import type { Mail } from "../mail/mailer";
import { hashApiToken } from "../tokens/api-token";

describe("member and token services (real database)", () => {
  const db = useTestDatabase(createPrismaClient);
  const mails: Mail[] = [];
  let services: Services;
  let ws: string;
  let ownerId: string;

  beforeAll(async () => {
    services = createServices(db(), {
      mailer: { transport: "test", send: (m) => Promise.resolve(void mails.push(m)) },
      appUrl: "https://meshbench.example",
    });
    ws = (await db().workspace.create({ data: { slug: "team", name: "Team" } })).id;
    ownerId = (await db().user.create({ data: { email: "owner@team.test", name: "Owner" } })).id;
    await db().membership.create({ data: { workspaceId: ws, userId: ownerId, role: "owner" } });
  });

  it("refuses an invitation without a signed-in inviter: nothing stored, nothing mailed", async () => {
    await expect(
      services.members.invite(
        ws,
        null,
        { email: "x@team.test", role: "admin" },
        {
          actorUserId: null,
          actorTokenId: "some-token",
        },
      ),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await db().invitation.count()).toBe(0);
    expect(mails).toEqual([]);
  });

  it("mails an invitation whose link, on the app's URL, is the one listed", async () => {
    const invitation = await services.members.invite(
      ws,
      ownerId,
      { email: "new@team.test", role: "viewer" },
      { actorUserId: ownerId },
    );
    expect(invitation.link).toBe(`https://meshbench.example/invite/${invitation.id}`);
    expect(mails.at(-1)).toMatchObject({ to: "new@team.test" });
    expect(mails.at(-1)?.text).toContain(invitation.link);
    expect(invitation.expiresAt.getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    expect(await services.members.listInvitations(ws)).toEqual([invitation]);
  });

  it("answers NOT_FOUND for members and invitations of nobody", async () => {
    const actor = { actorUserId: ownerId };
    await expect(services.members.remove(ws, "nobody", actor)).rejects.toMatchObject({
      code: "NOT_FOUND",
      field: "memberId",
    });
    await expect(services.members.changeRole(ws, "nobody", "admin", actor)).rejects.toMatchObject({
      code: "NOT_FOUND",
      field: "memberId",
    });
    await expect(services.members.cancelInvitation(ws, "nobody", actor)).rejects.toMatchObject({
      code: "NOT_FOUND",
      field: "invitationId",
    });
  });

  it("shows a token once, stores only its hash, and stops authenticating it once revoked", async () => {
    const created = await services.tokens.create(
      ws,
      { name: "ci", scopes: ["read", "results:write"] },
      { actorUserId: ownerId },
    );
    const row = await db().apiToken.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.hash).toBe(hashApiToken(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token);
    expect(await services.tokens.list(ws)).not.toContainEqual(
      expect.objectContaining({ token: created.token }),
    );
    expect(await services.tokens.authenticate(created.token)).toEqual({
      id: created.id,
      workspaceId: ws,
      scopes: ["read", "results:write"],
    });
    expect(await services.tokens.authenticate(`${created.token}x`)).toBeNull();

    await services.tokens.revoke(ws, created.id, { actorUserId: ownerId });
    expect(await services.tokens.authenticate(created.token)).toBeNull();
    await expect(
      services.tokens.revoke(ws, created.id, { actorUserId: ownerId }),
    ).rejects.toMatchObject({ code: "NOT_FOUND", field: "tokenId" });
  });

  it("drops scopes a stored token holds but the API no longer knows", async () => {
    const created = await services.tokens.create(
      ws,
      { name: "old", scopes: ["read"] },
      { actorUserId: ownerId },
    );
    await db().apiToken.update({
      where: { id: created.id },
      data: { scopes: ["read", "admin:everything"] },
    });
    expect((await services.tokens.authenticate(created.token))?.scopes).toEqual(["read"]);
  });
});
