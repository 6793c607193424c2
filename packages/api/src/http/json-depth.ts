/** Deepest nesting any request body of ours needs (Fortio JSON is < 10 levels). */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether a JSON text nests objects/arrays deeper than `max`, found by one linear scan that
 * skips string contents. JSON.parse copes with deep input, but the validators and transformers
 * after it recurse per level and overflow the stack on a few thousand levels, which surfaced as
 * a 500; refusing such bodies before parsing keeps the answer a 400.
 */
export function nestsDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** Whether every %-escape in the URL's path decodes (a malformed one is the client's error). */
export function hasMalformedPath(url: string): boolean {
  try {
    decodeURIComponent(new URL(url).pathname);
    return false;
  } catch {
    return true;
  }
}
