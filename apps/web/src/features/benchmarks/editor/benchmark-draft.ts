import {
  DEFAULT_FORTIO_IMAGE,
  ZBenchmarkDefinition,
  type TBenchmarkDefinition,
  type TBenchmarkDefinitionInput,
  type TMeshKind,
} from "@meshbench/contracts";
import {
  advancedDefinition,
  advancedDraftFrom,
  advancedTarget,
  EMPTY_VARIANT_EXTRAS,
  labelMap,
  mapText,
  variantExtrasDefinition,
  variantExtrasFrom,
  type AdvancedDraft,
  type VariantExtrasDraft,
} from "./advanced-draft";
import { headerRowsFrom, headersFromRows, type HeaderRow } from "./headers-draft";

/** The editor's form state: text as typed, converted to a definition only on estimate/save. */
export type VariantDraft = VariantExtrasDraft & {
  name: string;
  mesh: TMeshKind;
  waypoint: string;
  labels: string;
  annotations: string;
  requestHeaders: HeaderRow[];
};

export type BenchmarkDraft = AdvancedDraft & {
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
  /** Headers on every variant's requests (a variant's replace these by name). */
  requestHeaders: HeaderRow[];
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
    requestHeaders: [],
    ...EMPTY_VARIANT_EXTRAS,
  },
}));

export function draftFrom(def: TBenchmarkDefinition | null): BenchmarkDraft {
  const d = def ?? ZBenchmarkDefinition.parse(NEW_BENCHMARK);
  // The echo and the sample app share replicas, image and resources.
  const echo = d.target.kind === "fortio-echo" || d.target.kind === "sample-app" ? d.target : null;
  const m = d.methodology;
  return {
    ...advancedDraftFrom(d),
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
      requestHeaders: headerRowsFrom(v.requestHeaders),
      ...variantExtrasFrom(v),
    })),
    requestHeaders: headerRowsFrom(d.requestHeaders),
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
const quantity = (text: string) => (text.trim() === "" ? undefined : text.trim());

/** The definition to send: every field comes from the draft (nothing is carried over hidden). */
export function definitionFrom(d: BenchmarkDraft): TBenchmarkDefinitionInput {
  const resources = {
    requests: { cpu: quantity(d.cpuRequest), memory: quantity(d.memoryRequest) },
    limits: { cpu: quantity(d.cpuLimit), memory: quantity(d.memoryLimit) },
  };
  const anyResource = [d.cpuRequest, d.memoryRequest, d.cpuLimit, d.memoryLimit].some((x) =>
    x.trim(),
  );
  const advanced = advancedDefinition(d);
  return {
    key: d.key.trim(),
    name: d.name.trim(),
    description: d.description.trim() || null,
    target: advancedTarget(d.targetKind, d, d.url, {
      replicas: num(d.replicas),
      image: d.targetImage.trim(),
      resources: anyResource ? resources : undefined,
    }),
    variants: d.variants.map((v) => ({
      name: v.name.trim(),
      mesh: v.mesh,
      waypoint:
        (v.mesh === "istio-ambient" || v.mesh === "kmesh") && v.waypoint.trim()
          ? v.waypoint.trim()
          : undefined,
      labels: labelMap(v.labels),
      annotations: labelMap(v.annotations),
      requestHeaders: headersFromRows(v.requestHeaders),
      ...variantExtrasDefinition(v),
    })),
    requestHeaders: headersFromRows(d.requestHeaders),
    capacity: advanced.capacity,
    reportSections: advanced.reportSections,
    template: advanced.template,
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
      ...advanced.methodology,
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
