import type { Metadata } from "next";
import { ForgotPasswordForm } from "~/features/auth/auth-forms";

export const metadata: Metadata = { title: "Forgot password" };

export default function ForgotPasswordPage() {
  return (
    <div className="auth-page">
      <h1>Forgot your password?</h1>
      <p className="muted">We will mail you a link to choose a new one.</p>
      <ForgotPasswordForm />
    </div>
  );
}
