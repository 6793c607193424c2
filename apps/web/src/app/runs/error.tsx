"use client";
import { PageError } from "~/components/page-states";

export default function RunsError({ reset }: { error: Error; reset: () => void }) {
  return <PageError what="this run" reset={reset} />;
}
