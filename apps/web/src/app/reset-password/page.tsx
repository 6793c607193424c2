import type { Metadata } from "next";
import { ResetPassword } from "~/features/auth/reset-password";

export const metadata: Metadata = { title: "Reset password" };

export default async function ResetPasswordPage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string; error?: string }>;
}) {
  const { token, error } = await searchParams;
  return (
    <div className="auth-page">
      <h1>Choose a new password</h1>
      <ResetPassword token={token} error={error} />
    </div>
  );
}
