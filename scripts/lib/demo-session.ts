import { DEMO_USER_EMAIL, DEMO_USER_PASSWORD } from "@meshbench/demo/credentials";

/**
 * The demo user's session against a running Meshbench in local mode, as the UI has it: a signed-in
 * cookie and tRPC calls over HTTP (queries as GET, mutations as POST with the Origin check).
 */
export async function demoSession(appUrl: string) {
  const response = await fetch(`${appUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: appUrl },
    body: JSON.stringify({ email: DEMO_USER_EMAIL, password: DEMO_USER_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in as the demo user: HTTP ${response.status}`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

  async function trpc<T>(procedure: string, input?: unknown, write = false): Promise<T> {
    const url = `${appUrl}/api/trpc/${procedure}`;
    const headers = { cookie, origin: appUrl, "content-type": "application/json" };
    // No input is sent as none (superjson's `{}`), not as null: an optional input refuses null.
    const body = JSON.stringify(input === undefined ? {} : { json: input });
    const answer = write
      ? await fetch(url, { method: "POST", headers, body })
      : await fetch(input === undefined ? url : `${url}?input=${encodeURIComponent(body)}`, {
          headers,
        });
    const json = (await answer.json()) as {
      result?: { data: { json: T } };
      error?: { json: { message: string } };
    };
    if (!json.result) throw new Error(`${procedure}: ${json.error?.json.message ?? answer.status}`);
    return json.result.data.json;
  }
  return { cookie, trpc };
}
