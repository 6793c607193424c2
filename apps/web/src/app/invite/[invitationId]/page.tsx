import type { Metadata } from "next";
import { AcceptInvitation } from "~/features/auth/auth-forms";

export const metadata: Metadata = { title: "Invitation" };

export default async function InvitationPage({
  params,
}: {
  params: Promise<{ invitationId: string }>;
}) {
  const { invitationId } = await params;
  return (
    <div className="auth-page">
      <h1>Join a workspace</h1>
      <AcceptInvitation invitationId={invitationId} />
    </div>
  );
}
