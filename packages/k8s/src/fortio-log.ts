/**
 * Fortio prints its JSON result on stdout and its own log lines on stderr; the pod log API
 * returns both interleaved. The result is the one multi-line JSON object: from a line that is
 * exactly "{" to the last line that is exactly "}".
 */
export function extractFortioJson(log: string): string | null {
  const lines = log.split(/\r?\n/);
  const start = lines.findIndex((l) => l === "{");
  if (start < 0) return null;
  let end = -1;
  for (let i = lines.length - 1; i > start; i--) {
    if (lines[i] === "}") {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  return lines.slice(start, end + 1).join("\n");
}
