import { z } from "zod";

/**
 * Request headers a benchmark's load carries (per benchmark, and per variant on top of it). A
 * header's value is either plain text or the name of a workspace secret: a secret's value is
 * opened by the worker at trial time and is shown, stored and exported only as its placeholder
 * `<secret:name>`. Everything a header may be is decided here, once, for every transport.
 */

/** A workspace secret's name: what a header refers to and what `<secret:name>` shows. */
export const ZSecretName = z
  .string()
  .min(1)
  .max(64)
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._-]*$/,
    "letters, digits, '.', '_' and '-', starting with a letter or digit",
  );

export const MAX_REQUEST_HEADERS = 32;
/** Envoy and Go refuse request headers above 60 KiB / 1 MiB; one list stays well under both. */
export const MAX_REQUEST_HEADER_BYTES = 16 * 1024;
export const MAX_HEADER_VALUE_LENGTH = 8192;

/** RFC 7230 `token`: what a header name may be made of. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Visible ASCII with inner spaces/tabs: no CR/LF (header injection), no NUL, nothing non-ASCII. */
const FIELD_VALUE = /^(?:[\x21-\x7e](?:[\x20-\x7e\t]*[\x21-\x7e])?)?$/;

/**
 * Headers that are not the benchmark's to set: hop-by-hop ones (RFC 7230 §6.1), framing
 * (Content-Length, Transfer-Encoding, Expect), and the ones Fortio itself owns — Host is the
 * target's, and a Content-Type would turn every request into a POST.
 */
const REFUSED: Record<string, string> = {
  host: "the target's address decides Host",
  "content-length": "framing is the load generator's",
  "transfer-encoding": "framing is the load generator's",
  expect: "framing is the load generator's",
  "content-type": "Fortio sends every request as a POST when it is set; use the payload size",
  connection: "a hop-by-hop header; use the keep-alive dimension",
  "keep-alive": "a hop-by-hop header; use the keep-alive dimension",
  "proxy-connection": "a hop-by-hop header",
  te: "a hop-by-hop header",
  trailer: "a hop-by-hop header",
  upgrade: "a hop-by-hop header",
  "proxy-authorization": "a hop-by-hop header",
  "proxy-authenticate": "a hop-by-hop header",
  "http2-settings": "a hop-by-hop header",
};

/** Names and values that carry credentials: they take a workspace secret, never plain text. */
const CREDENTIAL_NAME =
  /(authorization|cookie|token|secret|passw|api[-_]?key|credential|session|signature)/i;
const CREDENTIAL_VALUE = /(bearer\s|basic\s|-----BEGIN|eyJ[A-Za-z0-9_-]{10,})/i;
/** What a masked (exported) secret header reads: `<secret:name>`. */
const PLACEHOLDER = /^<secret:([^>]*)>$/;

/** How a secret header is shown, stored in records and exported. */
export const secretPlaceholder = (name: string) => `<secret:${name}>`;
/** The secret's name inside a placeholder, or null when `value` is not one. */
export const placeholderSecretName = (value: string) => PLACEHOLDER.exec(value)?.[1] ?? null;

const ZPlainHeader = z.strictObject({ name: z.string(), value: z.string() });
const ZSecretHeader = z.strictObject({ name: z.string(), secret: z.string() });

export const ZRequestHeader = z.union([ZPlainHeader, ZSecretHeader], {
  error: "a header is { name, value } or { name, secret } (a workspace secret's name)",
});
export type TRequestHeader = z.infer<typeof ZRequestHeader>;
/** A header whose value is known (plain, a placeholder, or a secret opened by the worker). */
export type TResolvedHeader = { name: string; value: string };

/** Why `name` cannot be a request header name, or null when it can. */
export function headerNameProblem(name: string): string | null {
  if (name.length === 0 || name.length > 128) return "1–128 characters";
  if (!TOKEN.test(name)) return "letters, digits and !#$%&'*+-.^_`|~ only (an HTTP token)";
  const refused = REFUSED[name.toLowerCase()];
  return refused ? `${name} cannot be set: ${refused}` : null;
}

function plainValueProblem(name: string | null, value: string): string | null {
  if (value.length > MAX_HEADER_VALUE_LENGTH)
    return `at most ${MAX_HEADER_VALUE_LENGTH} characters`;
  if (!FIELD_VALUE.test(value))
    return "visible ASCII with inner spaces only (no line breaks, control or non-ASCII characters, no leading or trailing space)";
  if (placeholderSecretName(value) !== null)
    return `a secret placeholder: fill it again with a workspace secret ({ name, secret })`;
  if ((name !== null && CREDENTIAL_NAME.test(name)) || CREDENTIAL_VALUE.test(value))
    return "looks like a credential: store it as a workspace secret and give { name, secret }";
  return null;
}

/**
 * One list of headers (a benchmark's or a variant's): names valid and unique (case-insensitive),
 * values safe to send and free of credentials, count and size bounded. Issues name the field.
 */
export const ZRequestHeaders = z
  .array(ZRequestHeader)
  .max(MAX_REQUEST_HEADERS)
  .superRefine((headers, ctx) => {
    const seen = new Set<string>();
    let bytes = 0;
    headers.forEach((h, i) => {
      const nameProblem = headerNameProblem(h.name);
      if (nameProblem) ctx.addIssue({ code: "custom", path: [i, "name"], message: nameProblem });
      const lower = h.name.toLowerCase();
      if (seen.has(lower))
        ctx.addIssue({ code: "custom", path: [i, "name"], message: "given twice in this list" });
      seen.add(lower);
      bytes += h.name.length + 2 + ("value" in h ? h.value.length : 0);
      if ("value" in h) {
        // A refused name is one problem: its value is not judged as a credential's on top.
        const problem = plainValueProblem(nameProblem ? null : h.name, h.value);
        if (problem) ctx.addIssue({ code: "custom", path: [i, "value"], message: problem });
      } else {
        const named = ZSecretName.safeParse(h.secret);
        if (!named.success)
          ctx.addIssue({
            code: "custom",
            path: [i, "secret"],
            message: named.error.issues[0]!.message,
          });
      }
    });
    if (bytes > MAX_REQUEST_HEADER_BYTES)
      ctx.addIssue({
        code: "custom",
        message: `at most ${MAX_REQUEST_HEADER_BYTES} bytes of plain headers in one list`,
      });
  });

/** A header secret's value: sent as the header's value, so it obeys the same rules. */
export const ZHeaderSecretValue = z
  .string()
  .min(1)
  .max(MAX_HEADER_VALUE_LENGTH)
  .regex(
    FIELD_VALUE,
    "visible ASCII with inner spaces only (no line breaks, control or non-ASCII characters, no leading or trailing space)",
  );
