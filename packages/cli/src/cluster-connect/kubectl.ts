import { CliError, EXIT, type CliIo } from "../io";
import type { RbacPlan } from "./rbac";

type Step = (args: string[], input?: string) => Promise<string>;

function parsed<T>(name: string, text: string): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new CliError(EXIT.error, `${name} failed: kubectl did not answer JSON`);
  }
}

/**
 * kubectl as the user runs it (their kubeconfig, their exec plugins, on their machine), always
 * with an argument array. Every failure names the step and carries kubectl's first error line.
 */
export function kubectlSteps(io: CliIo, binary: string, context: string | undefined) {
  const global = context ? ["--context", context] : [];
  const step =
    (name: string): Step =>
    async (args, input) => {
      let result;
      try {
        result = await io.runProgram(binary, [...global, ...args], { env: io.env, input });
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        throw new CliError(
          EXIT.error,
          code === "ENOENT"
            ? `${name}: ${binary} not found (install kubectl or pass --kubectl PATH)`
            : `${name}: cannot run ${binary}: ${(error as Error).message}`,
        );
      }
      if (result.code !== 0) {
        const why = result.stderr.trim().split("\n")[0] || `exit code ${result.code}`;
        throw new CliError(EXIT.error, `${name} failed: ${why}`);
      }
      return result.stdout;
    };
  return {
    apply: (plan: RbacPlan) => step("apply RBAC")(["apply", "-f", "-"], plan.manifest),

    /**
     * Deletes the service account and its token Secret so that applying the RBAC again issues a
     * new token. The Secret alone is not enough: a legacy token holds no time or Secret uid, so
     * the token controller would sign the very same JWT again for the same service account.
     */
    revokeToken: (plan: RbacPlan) =>
      step("rotate token")([
        "delete",
        `secret/${plan.secretName}`,
        `serviceaccount/${plan.serviceAccount}`,
        "--namespace",
        plan.namespace,
        "--ignore-not-found",
      ]),

    /** The token controller fills the Secret asynchronously: poll it until token and ca.crt are in. */
    async waitForToken(plan: RbacPlan, timeoutMs: number) {
      const read = step("wait for the token");
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const secret = parsed<{ data?: Record<string, string> }>(
          "wait for the token",
          await read([
            "get",
            "secret",
            plan.secretName,
            "--namespace",
            plan.namespace,
            "-o",
            "json",
          ]),
        );
        const token = secret.data?.token;
        const ca = secret.data?.["ca.crt"];
        if (token && ca) return { token: Buffer.from(token, "base64").toString("utf8"), ca };
        if (Date.now() > deadline)
          throw new CliError(
            EXIT.error,
            `wait for the token failed: ${plan.namespace}/${plan.secretName} has no token after ${timeoutMs / 1e3} s (is the token controller running?)`,
          );
        await io.sleep(1000);
      }
    },

    /** The chosen context's cluster as kubectl sees it (files inlined by --flatten). */
    async cluster() {
      const text = await step("read the server URL")([
        "config",
        "view",
        "--minify",
        "--raw",
        "--flatten",
        "-o",
        "json",
      ]);
      const config = parsed<{
        clusters?: { name?: string; cluster?: Record<string, unknown> }[];
      }>("read the server URL", text);
      const cluster = config.clusters?.[0]?.cluster ?? {};
      const server = cluster.server;
      if (typeof server !== "string" || !server)
        throw new CliError(EXIT.error, "read the server URL failed: the context names no server");
      const field = (key: string) => (typeof cluster[key] === "string" ? cluster[key] : undefined);
      return {
        name: config.clusters?.[0]?.name,
        server,
        certificateAuthorityData: field("certificate-authority-data"),
        tlsServerName: field("tls-server-name"),
      };
    },
  };
}
