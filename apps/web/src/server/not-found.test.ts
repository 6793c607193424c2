import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { isNotFound, orNotFound } from "./not-found";

describe("orNotFound", () => {
  it("turns only NOT_FOUND into Next's 404", async () => {
    const missing = orNotFound(Promise.reject(new TRPCError({ code: "NOT_FOUND" })));
    await expect(missing).rejects.toMatchObject({ digest: "NEXT_HTTP_ERROR_FALLBACK;404" });
  });

  it("rethrows every other error for the error boundary, unchanged", async () => {
    const outage = new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: "db down" });
    await expect(orNotFound(Promise.reject(outage))).rejects.toBe(outage);
    const forbidden = new TRPCError({ code: "FORBIDDEN" });
    await expect(orNotFound(Promise.reject(forbidden))).rejects.toBe(forbidden);
    expect(isNotFound(new Error("NOT_FOUND"))).toBe(false);
    expect(isNotFound({ code: "NOT_FOUND" })).toBe(false);
  });

  it("recognises NOT_FOUND by its code, whichever copy of the error class threw it", () => {
    class TRPCError extends Error {
      code = "NOT_FOUND";
    }
    expect(isNotFound(new TRPCError("Run not found"))).toBe(true);
  });

  it("passes values through", async () => {
    expect(await orNotFound(Promise.resolve(42))).toBe(42);
  });
});
