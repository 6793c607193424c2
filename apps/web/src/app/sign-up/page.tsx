import type { Metadata } from "next";
import { SignUpForm } from "~/features/auth/auth-forms";

export const metadata: Metadata = { title: "Sign up" };

export default async function SignUpPage({
  searchParams,
}: {
  searchParams: Promise<{ next?: string }>;
}) {
  const { next } = await searchParams;
  return (
    <div className="auth-page">
      <h1>Create your account</h1>
      <SignUpForm next={next} />
    </div>
  );
}
