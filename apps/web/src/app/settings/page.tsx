import type { Metadata } from "next";

export const metadata: Metadata = { title: "Settings" };

export default function SettingsPage() {
  return (
    <>
      <h1>Settings</h1>
      <p className="muted">Workspace members and API tokens.</p>
      <div className="empty">Nothing here yet.</div>
    </>
  );
}
