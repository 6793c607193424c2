import {
  DEFAULT_FORTIO_IMAGE,
  ZBenchmarkDefinition,
  type TBenchmarkDefinition,
  type TBenchmarkDefinitionInput,
  type TMeshKind,
} from "@meshbench/contracts";

/** The editor's form state: text as typed, converted to a definition only on estimate/save. */
export type VariantDraft = {
  name: string;
  mesh: TMeshKind;
  waypoint: string;
  labels: string;
  annotations: string;
};

export type BenchmarkDraft = {
  key: string;
  name: string;
  description: string;
  targetKind: TBenchmarkDefinition["target"]["kind"];
  replicas: string;
  targetImage: string;
  cpuRequest: string;
  memoryRequest: string;
  cpuLimit: string;
  memoryLimit: string;
  url: string;
  variants: VariantDraft[];
  qps: string;
  connections: string;
  payloadBytes: string;
  protocols: string[];
  keepAlive: string[];
  durationSeconds: string;
  warmupSeconds: string;
  repetitions: string;
  fortioImage: string;
  resolutionSeconds: string;
  uniform: boolean;
  noCatchUp: boolean;
  antiAffinity: boolean;
  loadGeneratorNodeSelector: string;
  serverNodeSelector: string;
  loadGeneratorInMesh: boolean;
  interleaving: "round-robin" | "randomized-blocks";
  failurePolicy: "continue" | "stop";
};

/** Quick starts for the variant list; every field stays editable afterwards. */
export const VARIANT_PRESETS: { label: string; variant: VariantDraft }[] = [
  ["baseline", "baseline", ""],
  ["istio-sidecar", "istio-sidecar", ""],
  ["istio-ambient", "istio-ambient", ""],
  ["istio-ambient-waypoint", "istio-ambient", "waypoint"],
  ["linkerd", "linkerd", ""],
  ["cilium", "cilium", ""],
  ["kmesh", "kmesh", ""],
  ["custom", "custom", ""],
].map(([name, mesh, waypoint]) => ({
  label: name!,
  variant: {
    name: name!,
    mesh: mesh as TMeshKind,
    waypoint: waypoint!,
    labels: "",
    annotations: "",
  },
}));

const mapText = (m: Record<string, string> | undefined) =>
  Object.entries(m ?? {})
    .map(([k, v]) => `${k}=${v}`)
    .join("\n");

export function draftFrom(def: TBenchmarkDefinition | null): BenchmarkDraft {
  const d = def ?? ZBenchmarkDefinition.parse(NEW_BENCHMARK);
  const echo = d.target.kind === "fortio-echo" ? d.target : null;
  const m = d.methodology;
  return {
    key: def ? d.key : "",
    name: def ? d.name : "",
    description: d.description ?? "",
    targetKind: d.target.kind,
    replicas: String(echo?.replicas ?? 1),
    targetImage: echo?.image ?? DEFAULT_FORTIO_IMAGE,
    cpuRequest: echo?.resources?.requests.cpu ?? "",
    memoryRequest: echo?.resources?.requests.memory ?? "",
    cpuLimit: echo?.resources?.limits.cpu ?? "",
    memoryLimit: echo?.resources?.limits.memory ?? "",
    url: d.target.kind === "service-url" ? (d.target.url ?? "") : "",
    variants: d.variants.map((v) => ({
      name: v.name,
      mesh: v.mesh,
      waypoint: v.waypoint ?? "",
      labels: mapText(v.labels),
      annotations: mapText(v.annotations),
    })),
    qps: d.loadMatrix.qps.join(", "),
    connections: d.loadMatrix.connections.join(", "),
    payloadBytes: d.loadMatrix.payloadBytes.join(", "),
    protocols: d.loadMatrix.protocols,
    keepAlive: d.loadMatrix.keepAlive.map((k) => (k ? "on" : "off")),
    durationSeconds: String(d.durationSeconds),
    warmupSeconds: String(d.warmupSeconds),
    repetitions: String(d.repetitions),
    fortioImage: m.fortio.image,
    resolutionSeconds: String(m.fortio.resolutionSeconds),
    uniform: m.fortio.uniform,
    noCatchUp: m.fortio.noCatchUp,
    antiAffinity: m.placement.antiAffinity,
    loadGeneratorNodeSelector: mapText(m.placement.loadGeneratorNodeSelector),
    serverNodeSelector: mapText(m.placement.serverNodeSelector),
    loadGeneratorInMesh: m.loadGeneratorInMesh,
    interleaving: m.interleaving,
    failurePolicy: m.failurePolicy,
  };
}

const NEW_BENCHMARK: TBenchmarkDefinitionInput = {
  key: "new",
  name: "new",
  target: { kind: "fortio-echo" },
  variants: [
    { name: "baseline", mesh: "baseline" },
    { name: "istio-sidecar", mesh: "istio-sidecar" },
  ],
  loadMatrix: { qps: [100, 1000, "max"], connections: [8] },
  repetitions: 3,
};

/** "a, b c" → ["a", "b", "c"]; numbers stay numbers only when they are numbers (else NaN). */
const list = (text: string) => text.split(/[\s,;]+/).filter(Boolean);
const num = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));
const numbers = (text: string) => list(text).map(num);
const qpsList = (text: string) =>
  list(text).map((t) => (t.toLowerCase() === "max" ? ("max" as const) : num(t)));
const labelMap = (text: string) =>
  Object.fromEntries(
    text
      .split(/[\n,]+/)
      .map((line) => line.trim())
      .filter(Boolean)
      .map((line) => {
        const eq = line.indexOf("=");
        return eq < 0 ? [line, ""] : [line.slice(0, eq).trim(), line.slice(eq + 1).trim()];
      }),
  ) as Record<string, string>;
const quantity = (text: string) => (text.trim() === "" ? undefined : text.trim());

/**
 * The definition to send. Fields the editor does not show (sidecar and load-generator resources,
 * seed, trial timeout) are carried over from the stored definition.
 */
export function definitionFrom(
  d: BenchmarkDraft,
  base: TBenchmarkDefinition | null,
): TBenchmarkDefinitionInput {
  const resources = {
    requests: { cpu: quantity(d.cpuRequest), memory: quantity(d.memoryRequest) },
    limits: { cpu: quantity(d.cpuLimit), memory: quantity(d.memoryLimit) },
  };
  const anyResource = [d.cpuRequest, d.memoryRequest, d.cpuLimit, d.memoryLimit].some((x) =>
    x.trim(),
  );
  return {
    key: d.key.trim(),
    name: d.name.trim(),
    description: d.description.trim() || null,
    target:
      d.targetKind === "fortio-echo"
        ? {
            kind: "fortio-echo",
            replicas: num(d.replicas),
            image: d.targetImage.trim(),
            resources: anyResource ? resources : undefined,
          }
        : d.targetKind === "service-url"
          ? {
              kind: "service-url",
              url: d.url.trim() || undefined,
              variantUrls: base?.target.kind === "service-url" ? base.target.variantUrls : {},
            }
          : base && base.target.kind === d.targetKind
            ? base.target
            : { kind: "sample-app" },
    variants: d.variants.map((v) => ({
      name: v.name.trim(),
      mesh: v.mesh,
      waypoint: v.mesh === "istio-ambient" && v.waypoint.trim() ? v.waypoint.trim() : undefined,
      labels: labelMap(v.labels),
      annotations: labelMap(v.annotations),
      ...carriedVariantFields(base, v.name.trim()),
    })),
    ...carriedDefinitionFields(base),
    loadMatrix: {
      qps: qpsList(d.qps),
      connections: numbers(d.connections),
      payloadBytes: numbers(d.payloadBytes),
      protocols: d.protocols as TBenchmarkDefinition["loadMatrix"]["protocols"],
      keepAlive: d.keepAlive.map((k) => k === "on"),
    },
    repetitions: num(d.repetitions),
    durationSeconds: num(d.durationSeconds),
    warmupSeconds: num(d.warmupSeconds),
    methodology: {
      ...base?.methodology,
      fortio: {
        image: d.fortioImage.trim(),
        resolutionSeconds: num(d.resolutionSeconds),
        uniform: d.uniform,
        noCatchUp: d.noCatchUp,
      },
      placement: {
        antiAffinity: d.antiAffinity,
        loadGeneratorNodeSelector: labelMap(d.loadGeneratorNodeSelector),
        serverNodeSelector: labelMap(d.serverNodeSelector),
      },
      loadGeneratorInMesh: d.loadGeneratorInMesh,
      interleaving: d.interleaving,
      failurePolicy: d.failurePolicy,
    },
  };
}

/** Variant fields the editor does not show yet, kept from the stored variant of the same name. */
function carriedVariantFields(base: TBenchmarkDefinition | null, name: string) {
  const v = base?.variants.find((x) => x.name === name);
  if (!v) return {};
  const { podAnnotations, manifests, extraContainers, entry } = v;
  return { podAnnotations, manifests, extraContainers, entry };
}

/** Definition fields the editor does not show yet, kept from the stored definition. */
function carriedDefinitionFields(base: TBenchmarkDefinition | null) {
  if (!base) return {};
  const { capacity, reportSections, template } = base;
  return { capacity, reportSections, template };
}
