import { generateOpenApiDocument, type OpenAPIObject } from "trpc-to-openapi";
import { appRouter } from "../root";
import { documentRestErrors } from "./openapi-errors";

/** Documented limit of a REST request body; larger bodies get 413 before any parsing. */
export const REST_MAX_BODY_BYTES = 10 * 1024 * 1024;
export const REST_BASE_PATH = "/api/v1";

let cached: { baseUrl: string; document: OpenAPIObject } | null = null;

/**
 * The OpenAPI 3.1 document of every procedure that carries `meta.openapi` (the external ones),
 * generated from the same zod schemas the procedures validate with.
 */
export function openApiDocument(origin = ""): OpenAPIObject {
  const baseUrl = `${origin}${REST_BASE_PATH}`;
  if (cached?.baseUrl === baseUrl) return cached.document;
  const document = documentRestErrors(
    generateOpenApiDocument(appRouter, {
      title: "Meshbench API",
      version: "1.0.0",
      description:
        "Everything CI needs without a browser: save benchmarks (from a template in one call), register " +
        "and validate clusters, calibrate, upload results, trigger and cancel runs, schedule them, read reports, exports, " +
        "comparisons and verdicts, share links and budgets. Authenticate with `Authorization: Bearer <API " +
        "token>`; each operation names the scope it needs (read, results:write, runs:trigger, " +
        "benchmarks:write, share:write; admin-only and audited: clusters:write, budgets:write — never on a " +
        "token that also holds results:write or runs:trigger). " +
        `Request bodies are limited to ${REST_MAX_BODY_BYTES} bytes (413 beyond). POST requests honour an ` +
        "`Idempotency-Key` header for 24 hours: a retry with the same key and body replays the first response " +
        "(header `Idempotency-Replayed: true`); the same key with another body is a 409. Every error is " +
        "`{ error: { code, message, field, issues } }` (schema `Error`); 429 and 409 carry `Retry-After`.",
      openApiVersion: "3.1.0",
      baseUrl,
      docsUrl: "/api/docs",
      tags: [
        "benchmarks",
        "templates",
        "clusters",
        "runs",
        "schedules",
        "results",
        "reports",
        "verdicts",
        "budgets",
        "history",
        "share",
      ],
      securitySchemes: {
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          description: "A Meshbench API token (mbt_…)",
        },
      },
    }),
  );
  cached = { baseUrl, document };
  return document;
}
