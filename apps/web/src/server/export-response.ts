import "server-only";
import { TRPCError } from "@trpc/server";

export const isTableFormat = (f: string): f is "csv" | "json" => f === "csv" || f === "json";

const STATUS: Partial<Record<TRPCError["code"], number>> = {
  NOT_FOUND: 404,
  BAD_REQUEST: 404,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  // e.g. the bundle of a run still in progress
  PRECONDITION_FAILED: 409,
};

/** A generated file as an attachment; domain errors become their HTTP status, nothing leaks. */
export async function exportResponse(
  make: () => Promise<{ filename: string; contentType: string; body: string }>,
) {
  try {
    const file = await make();
    return new Response(file.body, {
      headers: {
        "content-type": file.contentType,
        "content-disposition": `attachment; filename="${file.filename.replace(/[^A-Za-z0-9._-]/g, "_")}"`,
        "cache-control": "no-store",
      },
    });
  } catch (error) {
    if (error instanceof TRPCError)
      return new Response(error.message, { status: STATUS[error.code] ?? 500 });
    throw error;
  }
}
