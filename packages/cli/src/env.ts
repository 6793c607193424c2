/**
 * The CLI's environment, read here and nowhere else (lint holds it): commands get it through
 * `CliIo.env`, so tests hand them their own. Variables the commands read by name:
 *
 * - `MESHBENCH_URL`, `MESHBENCH_TOKEN`: the server and API token (`--url`/`--token` win);
 * - `GITHUB_TOKEN`, `GITHUB_REPOSITORY`, `GITHUB_API_URL`: `meshbench comment` (GitHub Actions
 *   sets the last two; `--github-token`, `--repo`, `--github-api-url` win);
 * - `INIT_CWD`, `npm_package_json`: where a package script (`pnpm meshbench`) was typed.
 *
 * `cluster connect` hands the whole environment to the user's own `kubectl` (its PATH,
 * KUBECONFIG and the cloud credentials its exec plugins need, on the user's machine).
 */
export function cliEnvironment(): Record<string, string | undefined> {
  return { ...process.env };
}
