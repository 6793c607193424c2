/** The token of an `Authorization: Bearer mbt_…` header, or null when there is none. */
export function bearerToken(headers: Pick<Headers, "get">): string | null {
  const value = headers.get("authorization");
  if (!value) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(value.trim());
  return match?.[1] ?? "";
}
