import { describe, expect, it } from "vitest";
import { appRouter } from "../root";
import { matrixEntries } from "../test-support/cross-tenant-inputs";
import { REST_EXEMPTIONS } from "../test-support/rest-exemptions";
import { openApiDocument } from "./openapi-document";

type Procedure = { _def: { meta?: { openapi?: { method: string; path: string } } } };
const procedures = appRouter._def.procedures as unknown as Record<string, Procedure>;
const paths = Object.keys(procedures).sort();
const openapi = (path: string) => procedures[path]?._def.meta?.openapi;
/** Above the viewer tier: what only members, admins or owners (or a scoped token) may do. */
const writes = paths.filter((path) => {
  const entry = matrixEntries[path];
  return entry !== undefined && entry.kind !== "public" && entry.minimum !== "viewer";
});

/**
 * CI parity: whatever a member or admin can do in the browser, a token can do over REST — or the
 * exemption list says why not. Tiers come from the cross-tenant matrix, which fails by itself when
 * a procedure has no entry there.
 */
describe("REST parity with the router", () => {
  it("gives every member/admin/owner procedure a REST operation or a reasoned exemption", () => {
    const missing = writes.filter((path) => !openapi(path) && !(path in REST_EXEMPTIONS));
    expect(
      missing,
      `Procedures without a REST operation: ${missing.join(", ")}. Add meta.openapi (and its scope), ` +
        "or an entry with its reason in packages/api/src/test-support/rest-exemptions.ts.",
    ).toEqual([]);
  });

  it("has no stale exemption: each names an existing procedure still without a route", () => {
    for (const [path, reason] of Object.entries(REST_EXEMPTIONS)) {
      expect(paths, `exempted ${path} is not a procedure`).toContain(path);
      expect(openapi(path), `${path} has a REST operation now: drop its exemption`).toBeUndefined();
      expect(reason.length, `${path} needs a reason`).toBeGreaterThan(20);
    }
  });

  it("serves every operation the procedures declare, and each names the scope it needs", () => {
    const doc = openApiDocument("") as unknown as {
      paths: Record<string, Record<string, { operationId: string; description?: string }>>;
    };
    const operations = Object.values(doc.paths).flatMap((ops) => Object.values(ops));
    const declared = paths.filter((path) => openapi(path));
    expect(operations.map((o) => o.operationId).sort()).toEqual(
      declared.map((path) => path.replace(".", "-")).sort(),
    );
    for (const operation of operations) {
      const entry = matrixEntries[operation.operationId.replace("-", ".")];
      if (!entry || entry.kind === "public") continue;
      const scope = entry.scope ?? (entry.minimum === "viewer" ? "read" : null);
      expect(
        scope,
        `${operation.operationId} is REST but no token scope reaches it`,
      ).not.toBeNull();
      expect(operation.description, operation.operationId).toContain(`${scope} scope`);
    }
  });
});
