"use client";
import { PageError } from "~/components/page-states";

export default function ClustersError({ reset }: { error: Error; reset: () => void }) {
  return <PageError what="clusters" reset={reset} />;
}
