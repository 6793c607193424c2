"use client";
import { PageError } from "~/components/page-states";

export default function SharedError({ reset }: { error: Error; reset: () => void }) {
  return <PageError what="this shared report" reset={reset} />;
}
