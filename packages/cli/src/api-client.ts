import type { TRestError } from "@meshbench/contracts";
import { CliError, EXIT, type CliIo } from "./io";

export interface ApiTarget {
  url: string;
  token: string;
}

/** --url/--token flags win over MESHBENCH_URL/MESHBENCH_TOKEN. */
export function apiTarget(values: { url?: unknown; token?: unknown }, io: CliIo): ApiTarget {
  const url = (typeof values.url === "string" ? values.url : io.env.MESHBENCH_URL) ?? "";
  const token = (typeof values.token === "string" ? values.token : io.env.MESHBENCH_TOKEN) ?? "";
  if (!url) throw new CliError(EXIT.usage, "no server: pass --url or set MESHBENCH_URL");
  if (!token) throw new CliError(EXIT.usage, "no API token: pass --token or set MESHBENCH_TOKEN");
  return { url: url.replace(/\/+$/, ""), token };
}

/** One REST call; any failure (network, auth, 4xx/5xx) is exit 3 with the server's safe message. */
export async function callApi<T>(
  io: CliIo,
  target: ApiTarget,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  let response: Response;
  try {
    response = await io.fetch(`${target.url}/api/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${target.token}`,
        accept: "application/json",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(120_000),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
    throw new CliError(EXIT.error, `cannot reach ${target.url}: ${cause}`);
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (!response.ok) {
    // Read leniently: a proxy in front of the server may answer in its own shape.
    const e = (parsed as Partial<TRestError> | null)?.error;
    const what =
      response.status === 401
        ? "unauthorized (check MESHBENCH_TOKEN)"
        : `${e?.code ?? response.statusText}: ${e?.message ?? "request failed"}`;
    throw new CliError(EXIT.error, `${method} ${path} → ${response.status} ${what}`);
  }
  return parsed as T;
}
