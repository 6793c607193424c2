import { describe, expect, it } from "vitest";
import { openApiDocument } from "./openapi-document";

type Doc = {
  paths: Record<string, Record<string, { responses: Record<string, { content?: unknown }> }>>;
  components: { schemas: Record<string, unknown> };
};

describe("the OpenAPI document describes what the REST transport sends", () => {
  const doc = openApiDocument("") as unknown as Doc;

  it("references the one Error schema from every error response, for every status it can send", () => {
    expect(Object.keys(doc.components.schemas).filter((n) => n.startsWith("error."))).toEqual([]);
    for (const [path, operations] of Object.entries(doc.paths))
      for (const [method, operation] of Object.entries(operations)) {
        const statuses = Object.keys(operation.responses);
        expect(statuses, `${method} ${path}`).toEqual(
          expect.arrayContaining(["400", "401", "403", "404", "500"]),
        );
        if (method === "post")
          expect(statuses, `${method} ${path}`).toEqual(
            expect.arrayContaining(["409", "413", "415", "429"]),
          );
        for (const status of statuses.filter((s) => !s.startsWith("2")))
          expect(operation.responses[status]!.content, `${method} ${path} ${status}`).toEqual({
            "application/json": { schema: { $ref: "#/components/schemas/Error" } },
          });
      }
  });

  it("writes no draft-04 tuples and no prefixItems: tuples are items + min/maxItems", () => {
    const text = JSON.stringify(doc);
    expect(text).not.toMatch(/"items":\[/);
    expect(text).not.toMatch(/"prefixItems"/);
    expect(text).toContain(
      '"absoluteIntervalMs":{"type":"array","items":{"type":"number"},"minItems":2,"maxItems":2}',
    );
    // A heterogeneous tuple (a capacity interval: [number, number | null]) as items anyOf.
    expect(text).toMatch(
      /"interval":\{"anyOf":\[\{"type":"array","items":\{"anyOf":\[\{"type":"number"\},\{"type":\["number","null"\]\}\]\},"minItems":2,"maxItems":2\}/,
    );
  });
});
