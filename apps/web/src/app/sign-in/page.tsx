import type { Metadata } from "next";
import { SignInForm } from "~/features/auth/auth-forms";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<{ next?: string }>;
}) {
  const { next } = await searchParams;
  return (
    <div className="auth-page">
      <h1>Sign in</h1>
      <SignInForm next={next} />
    </div>
  );
}
