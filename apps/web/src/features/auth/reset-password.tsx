import Link from "next/link";
import { ResetPasswordForm } from "./auth-forms";

/** The mailed link's landing: the new-password form, or a way to ask again when it is spent. */
export function ResetPassword({ token, error }: { token?: string; error?: string }) {
  return token && !error ? (
    <ResetPasswordForm token={token} />
  ) : (
    <p role="alert" className="panel">
      This reset link is invalid or has expired.{" "}
      <Link href="/forgot-password">Ask for a new one</Link>.
    </p>
  );
}
