import { notFound } from "next/navigation";

/**
 * True only for "this does not exist (for you)": the one error a page shows as a 404. Checked by
 * its code, not `instanceof TRPCError`: server components may see another copy of the class.
 */
export function isNotFound(error: unknown): boolean {
  return error instanceof Error && (error as { code?: unknown }).code === "NOT_FOUND";
}

/**
 * Awaits a server-side call: NOT_FOUND becomes the 404 page, every other error is rethrown for
 * the route's error boundary (so a database outage is not shown as "not found").
 */
export async function orNotFound<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (isNotFound(error)) notFound();
    throw error;
  }
}
