import type { Metadata } from "next";

export const metadata: Metadata = { title: "Clusters" };

export default function ClustersPage() {
  return (
    <>
      <h1>Clusters</h1>
      <p className="muted">Registered Kubernetes clusters and the meshes detected on them.</p>
      <div className="empty">Nothing here yet.</div>
    </>
  );
}
