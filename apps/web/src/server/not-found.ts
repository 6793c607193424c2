import { notFound } from "next/navigation";

/**
 * True only for "this does not exist (for you)": the one error a page shows as a 404. Checked by
 * its code, not `instanceof TRPCError`: server components may see another copy of the class.
 */
export function isNotFound(error: unknown): boolean {
  return error instanceof Error && (error as { code?: unknown }).code === "NOT_FOUND";
}

/**
 * For pages addressed by an id in the URL: an id that is not even well-formed (BAD_REQUEST) names
 * nothing either, so it is a 404 like an unknown one.
 */
export function isUnknownId(error: unknown): boolean {
  return (
    isNotFound(error) ||
    (error instanceof Error && (error as { code?: unknown }).code === "BAD_REQUEST")
  );
}

/**
 * Awaits a server-side call: NOT_FOUND becomes the 404 page, every other error is rethrown for
 * the route's error boundary (so a database outage is not shown as "not found").
 */
export async function orNotFound<T>(
  call: Promise<T>,
  isMissing: (error: unknown) => boolean = isNotFound,
): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (isMissing(error)) notFound();
    throw error;
  }
}
