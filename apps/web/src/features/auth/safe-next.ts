/**
 * Where to go after signing in or up: a page of ours, never another site. `next` is resolved
 * the way the browser will resolve it (the WHATWG URL parser: backslashes are slashes, tabs and
 * newlines vanish, `..` collapses), and only a same-origin result is kept, as its
 * path + search + hash. That path must resolve to the very URL we checked: `/.//evil.example`
 * is same-origin with the path `//evil.example`, which the browser would read as a host.
 */
export function safeNext(
  next: string | null | undefined,
  fallback = "/runs",
  origin = currentOrigin(),
): string {
  if (!next) return fallback;
  try {
    const url = new URL(next, origin);
    if (url.origin !== new URL(origin).origin) return fallback;
    const local = `${url.pathname}${url.search}${url.hash}`;
    return new URL(local, origin).href === url.href ? local : fallback;
  } catch {
    return fallback; // unparseable, e.g. "//" (an empty host)
  }
}

// Server renders have no window; any fixed origin decides relative paths the same way.
const currentOrigin = () =>
  typeof window === "undefined" ? "http://meshbench.invalid" : window.location.origin;
