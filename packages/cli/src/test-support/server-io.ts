import type { CliIo } from "../io";

export type Recorded = { method: string; path: string; body: unknown; headers: Headers };

/**
 * An io whose fetch answers Meshbench's REST calls (under http://h/api/v1) from `reply` and
 * records each; any other URL goes to the real fetch (a loopback fake of another API). Files
 * live in a map.
 */
export function serverIo(
  reply: (method: string, path: string, body: unknown) => Response,
  env: Record<string, string> = {},
) {
  const out: string[] = [];
  const err: string[] = [];
  const requests: Recorded[] = [];
  const files: Record<string, string> = {};
  const io: CliIo = {
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
    cwd: "/work",
    env: { MESHBENCH_URL: "http://h", MESHBENCH_TOKEN: "mbt_test", ...env },
    fetch: ((url: string, init: RequestInit = {}) => {
      if (!url.startsWith("http://h/api/v1")) return fetch(url, init);
      const path = url.replace("http://h/api/v1", "");
      const body = init.body ? (JSON.parse(init.body as string) as unknown) : undefined;
      const method = init.method ?? "GET";
      requests.push({ method, path, body, headers: new Headers(init.headers) });
      return Promise.resolve(reply(method, path, body));
    }) as typeof fetch,
    readFile: (file) =>
      file in files
        ? Promise.resolve(files[file]!)
        : Promise.reject(Object.assign(new Error("ENOENT"), { code: "ENOENT" })),
    writePrivateFile: () => Promise.reject(new Error("no private files in this test")),
    writeFile: (file, text) => Promise.resolve(void (files[file] = text)),
    runProgram: () => Promise.reject(new Error("no programs in this test")),
    sleep: () => Promise.resolve(),
    isTty: false,
  };
  return { io, files, requests, out: () => out.join(""), err: () => err.join("") };
}

/** A REST refusal in the documented error shape. */
export const refusal = (status: number, code: string, message: string) =>
  Response.json({ error: { code, message, field: null, issues: [] } }, { status });
