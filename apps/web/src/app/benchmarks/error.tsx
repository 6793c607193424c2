"use client";
import { PageError } from "~/components/page-states";

export default function BenchmarksError({ reset }: { error: Error; reset: () => void }) {
  return <PageError what="benchmarks" reset={reset} />;
}
