import { apiTarget } from "../api-client";
import { optionalNumber, parse, requireString } from "../args";
import { upsertComment } from "../github";
import { CliError, EXIT, type CliIo } from "../io";
import { CONNECTION, exitCodeOf, markdownVerdict } from "./verdict";
import { markerFor } from "./verdict-markdown";

export const COMMENT_USAGE =
  "usage: meshbench comment <run-id> --pr n [--repo owner/name] [--marker name] [--reference-branch b]\n" +
  "         [--github-api-url u] [--github-token t] [--url u] [--token t]\n" +
  "       posts `verdict --format markdown` as one PR comment, updated on every run\n" +
  "       (GITHUB_TOKEN, GITHUB_REPOSITORY, GITHUB_API_URL as GitHub Actions sets them)";

const REPO = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/;

/**
 * `comment`: the markdown verdict as a single updating PR comment (GitHub REST: list the PR's
 * comments, update ours — found by its marker — or create it). Exits with the verdict's code, so
 * one step both reports and gates.
 */
export async function comment(argv: string[], io: CliIo): Promise<number> {
  const opts = {
    ...CONNECTION,
    pr: { type: "string" },
    repo: { type: "string" },
    marker: { type: "string" },
    "reference-branch": { type: "string" },
    "github-api-url": { type: "string" },
    "github-token": { type: "string" },
  } as const;
  const { values, positionals } = parse(argv, opts, COMMENT_USAGE);
  if (positionals.length !== 1) throw new CliError(EXIT.usage, COMMENT_USAGE);
  const pr = optionalNumber(requireString(values.pr, "--pr", COMMENT_USAGE), "--pr", {
    integer: true,
  })!;
  const repo = values.repo ?? io.env.GITHUB_REPOSITORY ?? "";
  if (!REPO.test(repo))
    throw new CliError(EXIT.usage, "--repo (or GITHUB_REPOSITORY) must be owner/name");
  const token = values["github-token"] ?? io.env.GITHUB_TOKEN ?? "";
  if (!token)
    throw new CliError(EXIT.usage, "no GitHub token: pass --github-token or set GITHUB_TOKEN");
  const apiUrl = (
    values["github-api-url"] ??
    io.env.GITHUB_API_URL ??
    "https://api.github.com"
  ).replace(/\/+$/, "");
  const marker = markerFor(values.marker);
  const { verdict, markdown } = await markdownVerdict(io, apiTarget(values, io), positionals[0]!, {
    referenceBranch: values["reference-branch"],
    marker,
  });
  const posted = await upsertComment(io, { apiUrl, token, repo, pr }, marker, markdown);
  io.stdout(
    values.json
      ? `${JSON.stringify({ ...posted, verdict: verdict.status }, null, 2)}\n`
      : `${posted.action} comment ${posted.id} on ${repo}#${pr}${posted.url ? ` (${posted.url})` : ""}: ${verdict.status}\n`,
  );
  return exitCodeOf(verdict);
}
