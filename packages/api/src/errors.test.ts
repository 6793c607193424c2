import { DomainError } from "@meshbench/contracts";
import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { toTRPCError } from "./errors";

describe("toTRPCError", () => {
  it("maps a DomainError's code once", () => {
    const mapped = toTRPCError(new DomainError("NOT_FOUND", "Run not found", "runId"));
    expect(mapped).toBeInstanceOf(TRPCError);
    expect(mapped).toMatchObject({ code: "NOT_FOUND", message: "Run not found" });
  });

  it("recognises a DomainError thrown by another copy of contracts (Next's server layers)", () => {
    const brand = Symbol.for("meshbench.DomainError");
    class CopiedDomainError extends Error {
      readonly [brand] = true;
      constructor(
        readonly code: "NOT_FOUND",
        message: string,
      ) {
        super(message);
      }
    }
    const copy = new CopiedDomainError("NOT_FOUND", "Run not found");
    expect(copy instanceof DomainError).toBe(true);
    expect(toTRPCError(copy)).toMatchObject({ code: "NOT_FOUND" });
    expect(new Error("x") instanceof DomainError).toBe(false);
  });
});
