import Link from "next/link";

export function SignedOut() {
  return (
    <div className="empty">
      You are not signed in to a workspace. <Link href="/sign-in">Sign in</Link> or create one from
      the workspace menu.
    </div>
  );
}
