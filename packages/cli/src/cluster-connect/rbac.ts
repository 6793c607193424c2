import { parseAllDocuments, stringify } from "yaml";
import { MESHBENCH_RBAC_YAML } from "./meshbench-rbac.embedded";

type Manifest = {
  kind: string;
  type?: string;
  metadata: { name: string; namespace?: string; annotations?: Record<string, string> };
};

/** The opt-in role (and its binding) for workload bundles and variant manifests. */
export const BUNDLES_ROLE = "meshbench-bundles";
const SA_ANNOTATION = "kubernetes.io/service-account.name";

/** A string literal quoted as prettier would (double quotes unless singles need fewer escapes). */
function literal(text: string): string {
  const json = JSON.stringify(text);
  const count = (c: string) => text.split(c).length - 1;
  if (count('"') <= count("'")) return json;
  return `'${json.slice(1, -1).replace(/\\"|'/g, (m) => (m === "'" ? "\\'" : '"'))}'`;
}

/** The module embed-rbac.ts writes: infra/rbac/meshbench-rbac.yaml as a string constant. */
export function embeddedModule(yamlText: string): string {
  return (
    "// Generated from infra/rbac/meshbench-rbac.yaml by `pnpm --filter @meshbench/cli embed-rbac`;\n" +
    "// do not edit (rbac.test.ts fails when it differs from the file).\n" +
    `export const MESHBENCH_RBAC_YAML =\n  ${literal(yamlText)};\n`
  );
}

/**
 * What `cluster connect` applies, read from the RBAC file itself (one source of truth): every
 * document but the bundles role unless asked for, and where the long-lived token will appear
 * (the `kubernetes.io/service-account-token` Secret the token controller fills).
 */
export function rbacPlan(withBundles: boolean, text: string = MESHBENCH_RBAC_YAML) {
  const documents = parseAllDocuments(text)
    .map((d) => d.toJS() as Manifest | null)
    .filter((d): d is Manifest => d !== null);
  const isBundles = (d: Manifest) =>
    d.kind.startsWith("ClusterRole") && d.metadata.name === BUNDLES_ROLE;
  const secret = documents.find(
    (d) => d.kind === "Secret" && d.type === "kubernetes.io/service-account-token",
  );
  const serviceAccount = secret?.metadata.annotations?.[SA_ANNOTATION];
  if (!secret?.metadata.namespace || !serviceAccount)
    throw new Error("the RBAC manifest holds no service-account-token Secret");
  const applied = documents.filter((d) => withBundles || !isBundles(d));
  return {
    manifest: applied.map((d) => stringify(d)).join("---\n"),
    objects: applied.map((d) => `${d.kind}/${d.metadata.name}`),
    namespace: secret.metadata.namespace,
    secretName: secret.metadata.name,
    serviceAccount,
  };
}
export type RbacPlan = ReturnType<typeof rbacPlan>;
