import { createPrismaClient } from "@meshbench/db";
import { useTestDatabase } from "@meshbench/testing/postgres";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roleAtLeast } from "@meshbench/contracts";
import type { Actor } from "../context";
import { appRouter, createCaller } from "../root";
import { matrixEntries, type MatrixEntry } from "../test-support/cross-tenant-inputs";
import { buildMatrix } from "../test-support/matrix-fixtures";

/**
 * Generated from the router itself: every procedure, every kind of caller, valid input. A new
 * procedure without an entry in cross-tenant-inputs.ts fails here, so an unguarded one cannot
 * slip in. Denials must be exactly FORBIDDEN / NOT_FOUND (a BAD_REQUEST would prove nothing).
 */
const procedurePaths = Object.keys(appRouter._def.procedures).sort();

type Matrix = Awaited<ReturnType<typeof buildMatrix>>;
type Guarded = Exclude<MatrixEntry, { kind: "public" }>;

async function call(matrix: Matrix, actor: Actor | null, path: string, input: unknown) {
  const caller = createCaller({ services: matrix.fixtures.services, actor });
  const fn = path
    .split(".")
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller);
  try {
    return { ok: true as const, value: await (fn as (i: unknown) => Promise<unknown>)(input) };
  } catch (error) {
    if (error instanceof TRPCError)
      return { ok: false as const, code: error.code, message: error.message };
    throw error;
  }
}

/** Whether a token caller may pass this tier at all (mirrors the rule in trpc.ts). */
function tokenMayCall(actor: Actor, entry: Guarded): boolean {
  const scopes = actor.scopes ?? [];
  if (entry.scope !== undefined && scopes.includes(entry.scope)) return true;
  return entry.minimum === "viewer" && scopes.includes("read");
}
const TOKENS = [
  "aReadToken",
  "aCiToken",
  "aClustersToken",
  "aAllScopesToken",
  "aAdminScopesToken",
] as const;

describe("cross-tenant authorisation matrix", () => {
  const db = useTestDatabase(createPrismaClient);
  let matrix: Matrix;

  beforeAll(async () => {
    matrix = await buildMatrix(db());
  });
  afterAll(async () => {
    await matrix?.close();
  });

  it("has a valid-input entry for every procedure in appRouter (and none for removed ones)", () => {
    const missing = procedurePaths.filter((path) => !(path in matrixEntries));
    expect(
      missing,
      `Procedures without a cross-tenant matrix entry: ${missing.join(", ")}. Add each to ` +
        "packages/api/src/authz/cross-tenant-inputs.ts with its tier and a factory for a VALID input " +
        "on workspace A's objects, so the suite proves other tenants and lower roles are refused.",
    ).toEqual([]);
    const stale = Object.keys(matrixEntries).filter((path) => !procedurePaths.includes(path));
    expect(
      stale,
      `Matrix entries for procedures that no longer exist: ${stale.join(", ")}`,
    ).toEqual([]);
  });

  for (const path of procedurePaths) {
    const entry = matrixEntries[path];
    if (!entry) continue;
    if (entry.kind === "public") {
      const input = entry.input;
      if (input) {
        it(`${path} is public (${entry.why}) and answers anonymous callers`, async () => {
          const result = await call(matrix, null, path, await input(matrix.fixtures));
          expect(result, JSON.stringify(result)).toMatchObject({ ok: true });
        });
      }
      continue;
    }

    describe(path, () => {
      it(`refuses anonymous callers with UNAUTHORIZED`, async () => {
        const result = await call(matrix, null, path, await entry.input(matrix.fixtures));
        expect(result).toMatchObject({ ok: false, code: "UNAUTHORIZED" });
      });

      it(`refuses each role of A below ${entry.minimum}, and tokens without the scope, with FORBIDDEN`, async () => {
        const { callers } = matrix;
        const low = (["aViewer", "aMember", "aAdmin"] as const).filter(
          (k) => !roleAtLeast(callers[k].role, entry.minimum),
        );
        const tokens = TOKENS.filter((k) => !tokenMayCall(callers[k], entry));
        for (const who of [...low, ...tokens]) {
          const result = await call(matrix, callers[who], path, await entry.input(matrix.fixtures));
          expect(result, `${who} calling ${path}`).toMatchObject({ ok: false });
          expect(
            ["FORBIDDEN", "NOT_FOUND"],
            `${who} calling ${path}: ${JSON.stringify(result)}`,
          ).toContain(result.ok ? "ok" : result.code);
        }
      });

      it(`keeps workspace B out of A's data`, async () => {
        const { callers, fixtures } = matrix;
        const intruders = [
          callers.bOwner,
          ...[callers.bAllScopesToken, callers.bAdminScopesToken].filter((token) =>
            tokenMayCall(token, entry),
          ),
        ];
        for (const intruder of intruders) {
          const result = await call(matrix, intruder, path, await entry.input(fixtures));
          if (entry.kind === "object") {
            expect(
              ["FORBIDDEN", "NOT_FOUND"],
              `${intruder.via} of B calling ${path}: ${JSON.stringify(result)}`,
            ).toContain(result.ok ? "ok" : result.code);
          } else {
            expect(
              result,
              `${intruder.via} of B calling ${path} on its own workspace`,
            ).toMatchObject({ ok: true });
            const text = JSON.stringify(result.ok ? result.value : null);
            for (const marker of fixtures.markersOfA) {
              expect(text, `${path} answered B with A's ${marker}`).not.toContain(marker);
            }
          }
        }
      });

      it(`lets the rightful caller (${entry.minimum} of A, and A's tokens with the scope) succeed`, async () => {
        const rightful = {
          viewer: "aViewer",
          member: "aMember",
          admin: "aAdmin",
          owner: "aOwner",
        } as const;
        const { callers } = matrix;
        const tokens = TOKENS.filter((k) => tokenMayCall(callers[k], entry));
        for (const who of [rightful[entry.minimum], ...tokens]) {
          const result = await call(matrix, callers[who], path, await entry.input(matrix.fixtures));
          expect(result, `${who} calling ${path}: ${JSON.stringify(result)}`).toMatchObject({
            ok: true,
          });
        }
      });
    });
  }
});
