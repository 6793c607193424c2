import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../cli";
import { REPORT, VERDICT } from "../test-support/report-fixture";
import { serverIo } from "../test-support/server-io";

type Comment = { id: number; body: string; user: string };
type Call = { method: string; url: string; auth: string | undefined; version: string | undefined };

/**
 * GitHub's three issue-comment endpoints that `meshbench comment` calls, over real HTTP on
 * loopback: list (paginated, per_page/page), update by id, create. Nothing else answers.
 */
async function fakeGitHub() {
  const comments: Comment[] = [];
  const calls: Call[] = [];
  let next = 1000;
  const body = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString("utf8")) as { body: string };
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://gh");
    calls.push({
      method: req.method ?? "",
      url: `${url.pathname}${url.search}`,
      auth: req.headers.authorization,
      version: req.headers["x-github-api-version"] as string | undefined,
    });
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(payload));
    };
    const list = /^\/repos\/acme\/mesh\/issues\/42\/comments$/.exec(url.pathname);
    const one = /^\/repos\/acme\/mesh\/issues\/comments\/(\d+)$/.exec(url.pathname);
    if (req.headers.authorization !== "Bearer ghs_secret")
      return send(401, { message: "Bad credentials" });
    if (list && req.method === "GET") {
      const perPage = Number(url.searchParams.get("per_page") ?? 30);
      const page = Number(url.searchParams.get("page") ?? 1);
      return send(200, comments.slice((page - 1) * perPage, page * perPage));
    }
    if (list && req.method === "POST")
      return void body(req).then((b) => {
        const created = { id: next++, body: b.body, user: "github-actions[bot]" };
        comments.push(created);
        send(201, {
          ...created,
          html_url: `https://github.test/acme/mesh/pull/42#issuecomment-${created.id}`,
        });
      });
    if (one && req.method === "PATCH")
      return void body(req).then((b) => {
        const found = comments.find((c) => c.id === Number(one[1]));
        if (!found) return send(404, { message: "Not Found" });
        found.body = b.body;
        send(200, { ...found, html_url: `https://github.test/c/${found.id}` });
      });
    send(404, { message: "Not Found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    comments,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const meshbench = (method: string, path: string) =>
  path.startsWith("/runs/run1/verdict")
    ? Response.json(VERDICT)
    : path === "/runs/run1/report"
      ? Response.json(REPORT)
      : Response.json({ error: { code: "NOT_FOUND", message: path } }, { status: 404 });

describe("meshbench comment: one updating PR comment through GitHub's REST API", () => {
  let gh: Awaited<ReturnType<typeof fakeGitHub>>;
  beforeAll(async () => {
    gh = await fakeGitHub();
  });
  afterAll(() => gh?.close());
  const argv = ["comment", "run1", "--pr", "42", "--repo", "acme/mesh"];
  const env = () => ({ GITHUB_TOKEN: "ghs_secret", GITHUB_API_URL: gh.url });

  it("creates the comment, then updates that same one: never a second", async () => {
    // Someone quotes our marker in their own comment: not ours, left alone.
    gh.comments.push({ id: 1, body: "see the bot's <!-- meshbench --> comment", user: "alice" });
    for (let i = 0; i < 120; i++)
      gh.comments.push({ id: 10 + i, body: `chatter ${i}`, user: "bob" });

    const first = serverIo(meshbench, env());
    expect(await runCli(argv, first.io)).toBe(1); // the verdict fails: exit 1, comment posted
    expect(first.out()).toMatch(/^created comment 1000 on acme\/mesh#42 /);
    expect(gh.comments.filter((c) => c.body.startsWith("<!-- meshbench -->"))).toHaveLength(1);

    const second = serverIo(meshbench, env());
    expect(await runCli(argv, second.io)).toBe(1);
    expect(second.out()).toMatch(/^updated comment 1000 /);
    const ours = gh.comments.filter((c) => c.body.startsWith("<!-- meshbench -->"));
    expect(ours).toHaveLength(1);
    expect(gh.comments.find((c) => c.id === 1)!.body).toBe(
      "see the bot's <!-- meshbench --> comment",
    );
    expect(gh.comments).toHaveLength(122);
    // Ours was on page 2 of 100: the second run read both pages, then patched it.
    const second_calls = gh.calls.slice(-3).map((c) => `${c.method} ${c.url}`);
    expect(second_calls).toEqual([
      "GET /repos/acme/mesh/issues/42/comments?per_page=100&page=1",
      "GET /repos/acme/mesh/issues/42/comments?per_page=100&page=2",
      "PATCH /repos/acme/mesh/issues/comments/1000",
    ]);
    expect(
      gh.calls.every((c) => c.auth === "Bearer ghs_secret" && c.version === "2022-11-28"),
    ).toBe(true);
    for (const run of [first, second]) expect(run.out() + run.err()).not.toContain("ghs_secret");
  });

  it("posts the markdown verdict: status, checks, deltas with intervals and noise band, run link", () => {
    const body = gh.comments.find((c) => c.id === 1000)!.body;
    expect(body.split("\n")[0]).toBe("<!-- meshbench -->");
    expect(body).toContain("### ❌ Meshbench verdict: **FAIL**");
    expect(body).toContain("[Run `run1`](http://h/runs/run1)");
    expect(body).toContain(
      "| ❌ | overhead p50 · ambient @ 100 QPS × 8 | p50 overhead of ambient is 30%",
    );
    expect(body).toContain(
      "| 100 QPS · 8 conn | ambient | p99 | 1.20 → 1.30 ms | +0.10 ms, 8.3% slower | [+1.0%, +15.0%] (95%) | beyond noise: band [−5.0%, +6.0%] (nearest calibrated level) |",
    );
    // The run's title is a tenant's text: no column break, no HTML.
    expect(body).toContain("nightly \\| &lt;b&gt;bold&lt;/b&gt;");
  });

  it("keeps a second benchmark's comment apart with --marker", async () => {
    const other = serverIo(meshbench, env());
    expect(await runCli([...argv, "--marker", "capacity"], other.io)).toBe(1);
    expect(other.out()).toMatch(/^created comment/);
    expect(gh.comments.filter((c) => c.body.startsWith("<!-- meshbench"))).toHaveLength(2);
  });

  it("refuses without a token or repo (exit 64) and reports GitHub's refusal (exit 3) without the token", async () => {
    const noToken = serverIo(meshbench, { GITHUB_API_URL: gh.url });
    expect(await runCli(argv, noToken.io)).toBe(64);
    const badRepo = serverIo(meshbench, env());
    expect(await runCli(["comment", "run1", "--pr", "42", "--repo", "acme"], badRepo.io)).toBe(64);
    const wrong = serverIo(meshbench, { GITHUB_TOKEN: "ghs_wrong", GITHUB_API_URL: gh.url });
    expect(await runCli(argv, wrong.io)).toBe(3);
    expect(wrong.err()).toContain("→ 401 Bad credentials");
    expect(wrong.err()).not.toContain("ghs_wrong");
  });
});
