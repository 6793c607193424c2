import path from "node:path";
import type {
  TClusterCheckResult,
  TRegisterClusterInput,
  TUpdateClusterCredentialsInput,
} from "@meshbench/contracts";
import { apiTarget, callApi } from "../api-client";
import { optionalNumber, parse } from "../args";
import { inlineKubeconfig } from "../cluster-connect/kubeconfig";
import { kubectlSteps } from "../cluster-connect/kubectl";
import { BUNDLES_ROLE, rbacPlan } from "../cluster-connect/rbac";
import { CliError, EXIT, type CliIo } from "../io";
import { CLUSTER_ADMIN_USAGE, clusterAdmin, report } from "./cluster-admin";
import { CONNECTION } from "./verdict";
import { CLUSTER_CAPS_USAGE, clusterCaps } from "./cluster-caps";

export const CLUSTER_USAGE =
  "usage: meshbench cluster connect [--context ctx] [--kubectl path] [--with-bundles] [--rotate] [--timeout s]\n" +
  "         [--output file] [--register --name n [--prometheus-url u] | --update clusterId] [--json] [--url u] [--token t]\n" +
  CLUSTER_ADMIN_USAGE +
  "\n" +
  CLUSTER_CAPS_USAGE;

const HELP = `${CLUSTER_USAGE}

Run it where kubectl already works on the cluster (EKS, GKE and AKS kubeconfigs call exec
plugins: they run here, on your machine, never on Meshbench's servers). It
  1. applies Meshbench's least-privilege RBAC (infra/rbac/meshbench-rbac.yaml, built in): the
     ServiceAccount meshbench in meshbench-system, its ClusterRole, and the Secret
     meshbench-token of type kubernetes.io/service-account-token; --with-bundles adds the opt-in
     ${BUNDLES_ROLE} role (workload targets, per-variant manifests);
  2. waits for the token controller to fill that Secret: a long-lived token (kubectl create token
     expires after an hour by default, which is why it is not used);
  3. builds a kubeconfig holding only inline data (server, CA, the token) for the --context, and
     writes it (--output, mode 0600; stdout without --output/--register/--update), registers it
     (--register --name, REST POST /clusters) or replaces a registered cluster's credentials
     (--update clusterId, REST PUT /clusters/{id}/credentials). Both need an API token with the
     clusters:write scope (MESHBENCH_URL, MESHBENCH_TOKEN).
--rotate deletes the service account and its Secret first, so the old token stops working and a
new one is issued (then --update the cluster). Exit 0 when the cluster is ready, 1 when it was stored but is not.`;

const OPTIONS = {
  ...CONNECTION,
  context: { type: "string" },
  kubectl: { type: "string" },
  "with-bundles": { type: "boolean" },
  rotate: { type: "boolean" },
  timeout: { type: "string" },
  output: { type: "string" },
  register: { type: "boolean" },
  name: { type: "string" },
  "prometheus-url": { type: "string" },
  update: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

async function writeKubeconfig(io: CliIo, output: string, text: string) {
  try {
    await io.writePrivateFile(path.resolve(io.cwd, output), text);
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new CliError(EXIT.error, `write ${output} failed: ${why}`);
  }
  io.stderr(`wrote ${output} (mode 0600; it holds the service account's token)\n`);
}

/** A REST call of the last step; its refusal names the step like kubectl's do. */
async function remoteStep(step: string, call: () => Promise<TClusterCheckResult>) {
  try {
    return await call();
  } catch (error) {
    if (error instanceof CliError) throw new CliError(error.exitCode, `${step}: ${error.message}`);
    throw error;
  }
}

/** `meshbench cluster connect`: RBAC + long-lived token on the user's cluster, an inline kubeconfig. */
export async function cluster(argv: string[], io: CliIo): Promise<number> {
  if (argv[0] === "caps") return clusterCaps(argv, io, CLUSTER_USAGE);
  if (["register", "validate", "list"].includes(argv[0] ?? ""))
    return clusterAdmin(argv, io, CLUSTER_USAGE);
  const { values, positionals } = parse(argv, OPTIONS, CLUSTER_USAGE);
  if (values.help) {
    io.stdout(`${HELP}\n`);
    return EXIT.ok;
  }
  if (positionals.length !== 1 || positionals[0] !== "connect")
    throw new CliError(EXIT.usage, CLUSTER_USAGE);
  if (values.register && values.update !== undefined)
    throw new CliError(EXIT.usage, `--register and --update exclude each other\n${CLUSTER_USAGE}`);
  if (values.register && !values.name)
    throw new CliError(EXIT.usage, `--register needs --name\n${CLUSTER_USAGE}`);
  if (values["prometheus-url"] !== undefined && !values.register)
    throw new CliError(EXIT.usage, `--prometheus-url goes with --register\n${CLUSTER_USAGE}`);
  const timeoutMs = (optionalNumber(values.timeout, "--timeout") ?? 60) * 1e3;
  const remote = values.register === true || values.update !== undefined;
  const target = remote ? apiTarget(values, io) : null; // refuse a missing token before kubectl runs

  const plan = rbacPlan(values["with-bundles"] === true);
  // A bare name is looked up on PATH; anything with a slash is a path from where the user is.
  const binary = values.kubectl ?? "kubectl";
  const kubectl = kubectlSteps(
    io,
    binary.includes("/") ? path.resolve(io.cwd, binary) : binary,
    values.context,
  );
  const cluster = await kubectl.cluster();
  if (values.rotate) await kubectl.revokeToken(plan);
  await kubectl.apply(plan);
  io.stderr(`applied ${plan.objects.join(", ")}\n`);
  const { token, ca } = await kubectl.waitForToken(plan, timeoutMs);
  const name = values.name ?? "meshbench-target";
  const kubeconfig = inlineKubeconfig({
    name,
    server: cluster.server,
    certificateAuthorityData: cluster.certificateAuthorityData ?? ca,
    tlsServerName: cluster.tlsServerName,
    token,
  });

  if (values.output) await writeKubeconfig(io, values.output, kubeconfig.text);
  else if (!target) io.stdout(kubeconfig.text);
  if (!target) return EXIT.ok;
  const json = values.json === true;
  if (values.update !== undefined) {
    // The id travels in the path only.
    const body: Omit<TUpdateClusterCredentialsInput, "clusterId"> = {
      kubeconfig: kubeconfig.text,
      context: kubeconfig.context,
    };
    const route = `/clusters/${encodeURIComponent(values.update)}/credentials`;
    const result = await remoteStep("update credentials", () =>
      callApi<TClusterCheckResult>(io, target, "PUT", route, body),
    );
    return report(io, "updated credentials of", result, json);
  }
  const body: TRegisterClusterInput = {
    name,
    auth: { mode: "kubeconfig", kubeconfig: kubeconfig.text, context: kubeconfig.context },
    ...(values["prometheus-url"] ? { prometheusUrl: values["prometheus-url"] } : {}),
  };
  const result = await remoteStep("register", () =>
    callApi<TClusterCheckResult>(io, target, "POST", "/clusters", body),
  );
  return report(io, "registered", result, json);
}
