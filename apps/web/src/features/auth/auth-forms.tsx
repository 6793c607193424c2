"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent, type ReactNode } from "react";
import { authClient } from "~/lib/auth-client";
import { safeNext } from "./safe-next";

type Result = { error?: { message?: string; status?: number } | null };

function useSubmit(action: (form: FormData) => Promise<Result | void>) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setError(null);
    const result: Result | void = await action(new FormData(event.currentTarget)).catch(
      (e: Error) => ({
        error: { message: e.message },
      }),
    );
    if (result?.error)
      setError(
        result.error.status === 429
          ? "Too many attempts; wait a minute."
          : (result.error.message ?? "Something went wrong"),
      );
    setPending(false);
  }
  return { error, pending, onSubmit };
}

/** The auth forms' shared frame: fields, then the error (if any), the submit button and a footer. */
function AuthForm({
  label,
  submit,
  state: { error, pending, onSubmit },
  children,
  footer,
}: {
  label: string;
  submit: string;
  state: ReturnType<typeof useSubmit>;
  children?: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <form className="panel auth-form" onSubmit={(e) => void onSubmit(e)} aria-label={label}>
      {children}
      {error && (
        <p role="alert" className="slower">
          {error}
        </p>
      )}
      <button type="submit" disabled={pending}>
        {submit}
      </button>
      {footer}
    </form>
  );
}

const EmailField = () => (
  <label>
    Email
    <input name="email" type="email" autoComplete="email" required />
  </label>
);

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

export function SignInForm({ next }: { next?: string }) {
  const router = useRouter();
  const state = useSubmit(async (form) => {
    const result = await authClient.signIn.email({
      email: field(form, "email"),
      password: field(form, "password"),
    });
    if (!result.error) {
      router.replace(safeNext(next));
      router.refresh();
    }
    return result;
  });
  return (
    <AuthForm
      label="Sign in"
      submit="Sign in"
      state={state}
      footer={
        <p className="muted">
          <Link href="/forgot-password">Forgot your password?</Link> · No account?{" "}
          <Link href={next ? `/sign-up?next=${encodeURIComponent(next)}` : "/sign-up"}>
            Sign up
          </Link>
        </p>
      }
    >
      <EmailField />
      <label>
        Password
        <input name="password" type="password" autoComplete="current-password" required />
      </label>
    </AuthForm>
  );
}

export function SignUpForm({ next }: { next?: string }) {
  const router = useRouter();
  const joining = safeNext(next, "").startsWith("/invite/");
  const state = useSubmit(async (form) => {
    const name = field(form, "name");
    const result = await authClient.signUp.email({
      name,
      email: field(form, "email"),
      password: field(form, "password"),
    });
    if (result.error) return result;
    if (!joining) {
      // Everyone starts as the owner of a workspace of their own; invitees join the inviter's.
      const workspace = field(form, "workspace") || `${name}'s workspace`;
      const slug = `${workspace
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-|-$/g, "")
        .slice(0, 40)}-${Math.random().toString(36).slice(2, 8)}`;
      const created = await authClient.organization.create({ name: workspace, slug });
      if (created.error) return created;
      await authClient.organization.setActive({ organizationId: created.data.id });
    }
    router.replace(safeNext(next));
    router.refresh();
  });
  return (
    <AuthForm
      label="Sign up"
      submit="Create account"
      state={state}
      footer={
        <p className="muted">
          Have an account? <Link href="/sign-in">Sign in</Link>
        </p>
      }
    >
      <label>
        Name
        <input name="name" autoComplete="name" required maxLength={80} />
      </label>
      <EmailField />
      <label>
        Password
        <input name="password" type="password" autoComplete="new-password" minLength={8} required />
      </label>
      {!joining && (
        <label>
          Workspace name
          <input name="workspace" placeholder="optional" maxLength={80} />
        </label>
      )}
    </AuthForm>
  );
}

export function ForgotPasswordForm() {
  const [sent, setSent] = useState(false);
  const state = useSubmit(async (form) => {
    const result = await authClient.requestPasswordReset({
      email: field(form, "email"),
      redirectTo: "/reset-password",
    });
    if (!result.error) setSent(true);
    return result;
  });
  if (sent)
    return (
      <p role="status" className="panel">
        If that address has an account, a reset link is on its way.
      </p>
    );
  return (
    <AuthForm label="Forgot password" submit="Send reset link" state={state}>
      <EmailField />
    </AuthForm>
  );
}

export function ResetPasswordForm({ token }: { token: string }) {
  const [done, setDone] = useState(false);
  const state = useSubmit(async (form) => {
    const result = await authClient.resetPassword({ token, newPassword: field(form, "password") });
    if (!result.error) setDone(true);
    return result;
  });
  if (done)
    return (
      <p role="status" className="panel">
        Password changed. <Link href="/sign-in">Sign in</Link>
      </p>
    );
  return (
    <AuthForm label="Reset password" submit="Set password" state={state}>
      <label>
        New password
        <input name="password" type="password" autoComplete="new-password" minLength={8} required />
      </label>
    </AuthForm>
  );
}

export function AcceptInvitation({ invitationId }: { invitationId: string }) {
  const router = useRouter();
  const state = useSubmit(async () => {
    const result = await authClient.organization.acceptInvitation({ invitationId });
    if (result.error) return result;
    await authClient.organization.setActive({ organizationId: result.data.member.organizationId });
    router.replace("/runs");
    router.refresh();
  });
  return (
    <AuthForm label="Accept invitation" submit="Join workspace" state={state}>
      <p>You were invited to a workspace. Joining uses the address you are signed in with.</p>
    </AuthForm>
  );
}
