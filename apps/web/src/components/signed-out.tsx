export function SignedOut() {
  return <div className="empty">You are not signed in to a workspace.</div>;
}
