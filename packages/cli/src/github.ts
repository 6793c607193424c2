import { CliError, EXIT, type CliIo } from "./io";

/** Where and as whom `meshbench comment` writes: GitHub's REST API (or GHES, or a test fake). */
export type GitHubTarget = { apiUrl: string; token: string; repo: string; pr: number };

type Comment = { id: number; body?: string | null; html_url?: string };

const PAGE = 100;
const MAX_PAGES = 30;

/** One GitHub REST call; a refusal is exit 3 with GitHub's status and message (never the token). */
async function gh<T>(
  io: CliIo,
  target: GitHubTarget,
  method: string,
  path: string,
  body?: unknown,
) {
  let response: Response;
  try {
    response = await io.fetch(`${target.apiUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${target.token}`,
        accept: "application/vnd.github+json",
        "x-github-api-version": "2022-11-28",
        "user-agent": "meshbench-cli",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
    throw new CliError(EXIT.error, `cannot reach ${target.apiUrl}: ${cause}`);
  }
  const text = await response.text();
  if (!response.ok) {
    let message = response.statusText;
    try {
      const parsed = JSON.parse(text) as { message?: unknown };
      if (typeof parsed.message === "string") message = parsed.message.slice(0, 200);
    } catch {
      // not JSON: the status says enough
    }
    throw new CliError(EXIT.error, `GitHub ${method} ${path} → ${response.status} ${message}`);
  }
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * One updating PR comment: list the PR's comments (every page), update the first whose body
 * starts with `marker`, else create one. Comments that only mention the marker further down
 * (a person quoting ours) are left alone.
 */
export async function upsertComment(
  io: CliIo,
  target: GitHubTarget,
  marker: string,
  body: string,
): Promise<{ action: "created" | "updated"; id: number; url: string | null }> {
  const base = `/repos/${target.repo}/issues`;
  let ours: Comment | undefined;
  for (let page = 1; page <= MAX_PAGES && !ours; page++) {
    const comments = await gh<Comment[]>(
      io,
      target,
      "GET",
      `${base}/${target.pr}/comments?per_page=${PAGE}&page=${page}`,
    );
    ours = comments.find((c) => (c.body ?? "").trimStart().startsWith(marker));
    if (comments.length < PAGE) break;
  }
  if (ours) {
    const updated = await gh<Comment>(io, target, "PATCH", `${base}/comments/${ours.id}`, { body });
    return { action: "updated", id: updated.id, url: updated.html_url ?? null };
  }
  const created = await gh<Comment>(io, target, "POST", `${base}/${target.pr}/comments`, { body });
  return { action: "created", id: created.id, url: created.html_url ?? null };
}
