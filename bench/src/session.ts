import { DEMO_USER_EMAIL, DEMO_USER_PASSWORD } from "@meshbench/demo/credentials";

export type SessionCookie = { name: string; value: string };

/** Signs the demo user in through the real auth endpoint; returns the session cookie. */
export async function signIn(baseUrl: string): Promise<SessionCookie> {
  const res = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ email: DEMO_USER_EMAIL, password: DEMO_USER_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in ${res.status}: ${await res.text()}`);
  for (const header of res.headers.getSetCookie()) {
    const [pair] = header.split(";");
    const eq = pair!.indexOf("=");
    const name = pair!.slice(0, eq);
    if (name.endsWith("session_token")) return { name, value: pair!.slice(eq + 1) };
  }
  throw new Error("sign-in set no session cookie");
}
