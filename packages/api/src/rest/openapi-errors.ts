import { ZRestError } from "@meshbench/contracts";
import type { OpenAPIObject } from "trpc-to-openapi";
import { z } from "zod";

type Json = Record<string, unknown>;
type Operation = { responses?: Record<string, Json>; parameters?: Json[] };

/** The one error body every REST refusal carries: contracts' ZRestError, as JSON Schema. */
const { $schema: _dialect, ...REST_ERROR_SCHEMA } = z.toJSONSchema(ZRestError, {
  target: "draft-2020-12",
});

const retryAfter = {
  "Retry-After": { description: "Seconds until a retry may succeed", schema: { type: "string" } },
};

/** Statuses any operation can answer with, and the extra ones of writes (see rest-handler.ts). */
const ANY: Record<string, string> = {
  "400": "Invalid input or malformed path; `field` names the input",
  "401": "Missing or invalid API token",
  "403": "The token lacks the scope, or a cookie-authenticated write came from another site",
  "404": "No such resource in this workspace",
  "500": "Unexpected server error (logged; the body says nothing more)",
};
const WRITES: Record<string, string> = {
  "409": "Idempotency-Key reused with another body, or still in progress",
  "413": "Request body over the limit (refused before parsing)",
  "415": "Content-Type is not application/json",
  "429": "Rate limit exceeded; see Retry-After",
};

const idempotencyKey = {
  in: "header",
  name: "Idempotency-Key",
  required: false,
  description:
    "Replays the first successful response for 24 hours (1–255 visible ASCII characters)",
  schema: { type: "string", pattern: "^[\\x21-\\x7e]{1,255}$" },
};

/**
 * trpc-to-openapi documents errors as `{ message, code, issues }` schemas per code, which is not
 * what the REST transport sends. This rewrites the document to the truth: one `Error` schema,
 * referenced by every error response of every operation, for every status the transport can
 * answer with; Retry-After on 409/429; the Idempotency-Key header on POSTs.
 */
export function documentRestErrors(document: OpenAPIObject): OpenAPIObject {
  const doc = structuredClone(document) as unknown as {
    paths: Record<string, Record<string, Operation>>;
    components: { schemas: Record<string, Json> };
  };
  for (const name of Object.keys(doc.components.schemas))
    if (name.startsWith("error.")) delete doc.components.schemas[name];
  doc.components.schemas.Error = REST_ERROR_SCHEMA;
  const content = { "application/json": { schema: { $ref: "#/components/schemas/Error" } } };
  for (const operations of Object.values(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const write = method === "post" || method === "put" || method === "patch";
      const responses = (operation.responses ??= {});
      const errorStatuses = Object.keys(responses).filter((s) => !s.startsWith("2"));
      const standard = { ...ANY, ...(write ? WRITES : {}) };
      for (const status of new Set([...errorStatuses, ...Object.keys(standard)])) {
        const fallback = standard[status] ?? "Refused; see the error's code and message";
        const description = (responses[status]?.description as string | undefined) ?? fallback;
        responses[status] = {
          description,
          content,
          ...(status === "429" || status === "409" ? { headers: retryAfter } : {}),
        };
      }
      // Only POSTs replay (rest-handler.ts); a PUT is idempotent by itself.
      if (method === "post")
        operation.parameters = [...(operation.parameters ?? []), idempotencyKey];
    }
  }
  return normalizeTuples(doc) as unknown as OpenAPIObject;
}

/**
 * Tuples, as zod-openapi writes them: `items: [a, b]` (draft-04, refused by OpenAPI 3.1's JSON
 * Schema 2020-12) or `prefixItems: [a, b]` (depending on which zod build resolves). A tuple of
 * one element schema repeated (our intervals: [number, number]) becomes `items: a` with
 * min/maxItems — equivalent, and read correctly by every tool (schemathesis 4.32 turns
 * `prefixItems` into draft-04 arrays and then rejects its own conversion); any other tuple (a
 * capacity interval: [number, number | null]) becomes `items: { anyOf: [a, b] }` with
 * min/maxItems — a little wider than the tuple, never narrower, and readable by the same tools.
 */
function normalizeTuples<T>(node: T): T {
  if (Array.isArray(node)) return node.map(normalizeTuples) as T;
  if (node === null || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = normalizeTuples(value);
  const elements = Array.isArray(out.items)
    ? (out.items as unknown[])
    : Array.isArray(out.prefixItems) && (out.items === undefined || out.items === false)
      ? (out.prefixItems as unknown[])
      : null;
  if (!elements || elements.length === 0) return out as T;
  const first = JSON.stringify(elements[0]);
  if (elements.every((e) => JSON.stringify(e) === first)) {
    delete out.prefixItems;
    Object.assign(out, {
      items: elements[0],
      minItems: elements.length,
      maxItems: elements.length,
    });
  } else {
    delete out.prefixItems;
    const distinct = [...new Map(elements.map((e) => [JSON.stringify(e), e])).values()];
    Object.assign(out, {
      items: { anyOf: distinct },
      minItems: elements.length,
      maxItems: elements.length,
    });
  }
  return out as T;
}
