import { errorResponse } from "./body-limit";

/**
 * The path of the first string (or object key) in `value` that contains a NUL character, or
 * null. PostgreSQL text cannot hold U+0000 ("invalid byte sequence for encoding UTF8: 0x00"),
 * so such input is refused as a 400 naming the field instead of failing as a 500 at the insert
 * or the WHERE clause. No legitimate field of ours (names, labels, branches, results) has one.
 */
export function nulBytePath(value: unknown, path: (string | number)[] = []): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? render(path) : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulBytePath(value[i], [...path, i]);
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes("\u0000")) return render([...path, key]);
      const found = nulBytePath(item, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}

const render = (path: (string | number)[]) =>
  path.reduce<string>(
    (acc, p) => (typeof p === "number" ? `${acc}[${p}]` : acc ? `${acc}.${p}` : p),
    "",
  ) || "input";

/**
 * The same refusal for requests that no tRPC procedure parses (better-auth's /api/auth: names,
 * emails, passwords, tokens in paths and queries): a 400 naming the field, before the handler
 * can look anything up or write it. Call after limitBody (the body is buffered, read from a clone).
 */
export async function refuseNulBytes(request: Request): Promise<Response | null> {
  const url = new URL(request.url);
  if (/%00/i.test(url.pathname))
    return errorResponse(400, "BAD_REQUEST", "path: must not contain NUL characters", {}, "path");
  for (const [name, value] of url.searchParams)
    if (`${name}${value}`.includes("\u0000"))
      return errorResponse(
        400,
        "BAD_REQUEST",
        `${name}: must not contain NUL characters`,
        {},
        name,
      );
  if (!/json/i.test(request.headers.get("content-type") ?? "") || !request.body) return null;
  let body: unknown;
  try {
    body = JSON.parse(await request.clone().text());
  } catch {
    return null; // not ours to judge: the handler answers malformed JSON itself
  }
  const field = nulBytePath(body);
  return field === null
    ? null
    : errorResponse(400, "BAD_REQUEST", `${field}: must not contain NUL characters`, {}, field);
}
