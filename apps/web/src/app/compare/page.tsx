import type { Metadata } from "next";

export const metadata: Metadata = { title: "Compare" };

export default function ComparePage() {
  return (
    <>
      <h1>Compare</h1>
      <p className="muted">Pick runs, variants and load levels to overlay them against a reference.</p>
      <div className="empty">Nothing here yet.</div>
    </>
  );
}
