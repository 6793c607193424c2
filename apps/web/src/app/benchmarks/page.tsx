import type { Metadata } from "next";

export const metadata: Metadata = { title: "Benchmarks" };

export default function BenchmarksPage() {
  return (
    <>
      <h1>Benchmarks</h1>
      <p className="muted">Benchmark definitions: target, variants, load matrix and repetitions.</p>
      <div className="empty">Nothing here yet.</div>
    </>
  );
}
