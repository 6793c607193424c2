import { createPrismaClient } from "@meshbench/db";
import { useTestDatabase } from "@meshbench/testing/postgres";
import { beforeAll, describe, expect, it } from "vitest";
import { hashApiToken } from "@meshbench/services";
import type { Mail } from "@meshbench/services";
import type { Actor } from "../context";
import { createCaller } from "../root";
import { createServices } from "@meshbench/services";
import { TEST_CLUSTER_RULES } from "../test-support/fake-apiserver";
import { buildMatrix, signUp } from "../test-support/matrix-fixtures";

/** Every sensitive action leaves one audit entry (who, what, when) and no secret anywhere. */
describe("membership and token changes are audited", () => {
  const db = useTestDatabase(createPrismaClient);
  let matrix: Awaited<ReturnType<typeof buildMatrix>>;
  const mails: Mail[] = [];
  let owner: ReturnType<typeof createCaller>;
  let ownerActor: Actor;

  beforeAll(async () => {
    matrix = await buildMatrix(db());
    const services = createServices(db(), {
      mailer: { transport: "test", send: (m) => Promise.resolve(void mails.push(m)) },
      appUrl: "https://meshbench.example",
      clusterRules: TEST_CLUSTER_RULES,
    });
    ownerActor = matrix.callers.aOwner;
    owner = createCaller({ services, actor: ownerActor });
  });

  const lastEvent = async () =>
    db().auditEvent.findFirstOrThrow({
      where: { workspaceId: ownerActor.workspaceId },
      orderBy: { createdAt: "desc" },
    });

  it("invites by email with a link, and the invitee joins through better-auth's accept endpoint", async () => {
    const invitation = await owner.members.invite({
      email: "New.Person@Example.test",
      role: "viewer",
    });
    expect(invitation.link).toBe(`https://meshbench.example/invite/${invitation.id}`);
    expect(mails.at(-1)).toMatchObject({ to: "new.person@example.test" });
    expect(mails.at(-1)?.text).toContain(invitation.link);
    expect(await lastEvent()).toMatchObject({
      action: "invitation.created",
      actorUserId: ownerActor.userId,
      targetId: invitation.id,
      metadata: { email: "new.person@example.test", role: "viewer" },
    });

    const invitee = await signUp(matrix.fixtures.auth, "new.person@example.test");
    await matrix.fixtures.auth.api.acceptInvitation({
      headers: invitee.headers,
      body: { invitationId: invitation.id },
    });
    const membership = await db().membership.findFirstOrThrow({
      where: { userId: invitee.userId },
    });
    expect(membership).toMatchObject({ workspaceId: ownerActor.workspaceId, role: "viewer" });
    expect(await lastEvent()).toMatchObject({
      action: "member.added",
      actorUserId: invitee.userId,
      targetId: membership.id,
    });
  });

  it("a stranger cannot accept someone else's invitation", async () => {
    const invitation = await owner.members.invite({
      email: "intended@example.test",
      role: "admin",
    });
    const stranger = await signUp(matrix.fixtures.auth, "stranger@example.test");
    await expect(
      matrix.fixtures.auth.api.acceptInvitation({
        headers: stranger.headers,
        body: { invitationId: invitation.id },
      }),
    ).rejects.toThrow();
    expect(await db().membership.count({ where: { userId: stranger.userId } })).toBe(0);
  });

  it("audits role changes and removals, and keeps the last owner", async () => {
    const { memberId, userId } = await matrix.fixtures.newMemberOfA("viewer");
    await owner.members.changeRole({ memberId, role: "admin" });
    expect(await lastEvent()).toMatchObject({
      action: "member.role_changed",
      targetId: memberId,
      metadata: { userId, from: "viewer", to: "admin" },
    });
    await owner.members.remove({ memberId });
    expect(await lastEvent()).toMatchObject({ action: "member.removed", targetId: memberId });

    const self = await db().membership.findFirstOrThrow({
      where: { userId: ownerActor.userId ?? "" },
    });
    const owners = await db().membership.count({
      where: { workspaceId: ownerActor.workspaceId, role: "owner" },
    });
    expect(owners).toBe(1);
    await expect(
      owner.members.changeRole({ memberId: self.id, role: "admin" }),
    ).rejects.toMatchObject({
      code: "PRECONDITION_FAILED",
    });
    await expect(owner.members.remove({ memberId: self.id })).rejects.toMatchObject({
      code: "PRECONDITION_FAILED",
    });
    expect(await db().membership.findUniqueOrThrow({ where: { id: self.id } })).toMatchObject({
      role: "owner",
    });
  });

  it("shows a token once, stores only its hash, and audits creation and revocation without the secret", async () => {
    const created = await owner.tokens.create({ name: "ci", scopes: ["results:write"] });
    expect(created.token).toMatch(/^mbt_[A-Za-z0-9_-]{43}$/);
    expect(created.prefix).toBe(created.token.slice(0, 12));
    const row = await db().apiToken.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.hash).toBe(hashApiToken(created.token));
    const listed = await owner.tokens.list();
    expect(JSON.stringify(listed)).not.toContain(created.token);
    expect(JSON.stringify(listed)).not.toContain(row.hash);
    const event = await lastEvent();
    expect(event).toMatchObject({
      action: "token.created",
      targetId: created.id,
      metadata: { scopes: ["results:write"] },
    });
    expect(JSON.stringify(event)).not.toContain(created.token);

    await owner.tokens.revoke({ tokenId: created.id });
    expect(await lastEvent()).toMatchObject({ action: "token.revoked", targetId: created.id });
    await expect(owner.tokens.revoke({ tokenId: created.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });

    const trail = await owner.audit.list({ limit: 50 });
    expect(trail.map((e) => e.action)).toEqual(
      expect.arrayContaining(["token.created", "token.revoked", "member.removed"]),
    );
  });

  it("audits cluster registration and deletion, without the kubeconfig", async () => {
    const kubeconfig = matrix.fixtures.kubeconfig.unreachable;
    const { cluster } = await owner.clusters.register({
      name: "audited cluster",
      auth: { mode: "kubeconfig", kubeconfig },
    });
    const registered = await lastEvent();
    expect(registered).toMatchObject({
      action: "cluster.registered",
      actorUserId: ownerActor.userId,
      targetType: "cluster",
      targetId: cluster.id,
      metadata: { name: "audited cluster", authMode: "kubeconfig" },
    });
    expect(kubeconfig).toContain("matrix-token");
    expect(JSON.stringify(registered)).not.toContain("matrix-token");

    await owner.clusters.delete({ clusterId: cluster.id });
    expect(await lastEvent()).toMatchObject({
      action: "cluster.deleted",
      targetId: cluster.id,
      metadata: { name: "audited cluster" },
    });
  });

  it("rejects bad input naming the field, and writes nothing", async () => {
    const before = await db().auditEvent.count();
    await expect(
      owner.tokens.create({ name: "x", scopes: ["admin" as never] }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    await expect(
      owner.members.invite({ email: "not-an-email", role: "member" }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    expect(await db().auditEvent.count()).toBe(before);
  });
});
