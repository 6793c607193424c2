import type { Metadata } from "next";
import Link from "next/link";
import { ResetPasswordForm } from "~/features/auth/auth-forms";

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
      {token && !error ? (
        <ResetPasswordForm token={token} />
      ) : (
        <p role="alert" className="panel">
          This reset link is invalid or has expired.{" "}
          <Link href="/forgot-password">Ask for a new one</Link>.
        </p>
      )}
    </div>
  );
}
