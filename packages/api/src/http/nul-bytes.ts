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
