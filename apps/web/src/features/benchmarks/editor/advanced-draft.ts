import {
  type TBenchmarkDefinition,
  type TBenchmarkDefinitionInput,
  type TReportSection,
  type TResourceSpec,
  type TRunRule,
  type TVariant,
} from "@meshbench/contracts";

/**
 * The methodology, capacity, report and per-variant fields of the editor beyond the basics:
 * sidecar and load-generator resources, seed, trial timeout, run rule, idle gate, capacity search,
 * report sections, and each target kind's and variant's own settings. Text as typed; converted to
 * the definition on estimate/save, where the contracts' schema names any bad field.
 */
export type AdvancedDraft = {
  sidecarCpuRequest: string;
  sidecarMemoryRequest: string;
  sidecarCpuLimit: string;
  sidecarMemoryLimit: string;
  lgCpuRequest: string;
  lgMemoryRequest: string;
  lgCpuLimit: string;
  lgMemoryLimit: string;
  seed: string;
  trialTimeoutSeconds: string;
  dropWorst: string;
  dropBy: TRunRule["by"];
  idleGate: boolean;
  rateSeries: boolean;
  capacityOn: boolean;
  capP99Ms: string;
  capMaxErrorPercent: string;
  capMinAchievedPercent: string;
  capStartQps: string;
  capMaxQps: string;
  capPrecisionPercent: string;
  capRepetitionsPerProbe: string;
  capMaxTrials: string;
  reportSections: TReportSection[];
  /** The template the benchmark was made from; kept, not edited. */
  template: string;
  /** service-url: `variant=url` per line. */
  variantUrls: string;
  /** workload: its manifests and entry. */
  workloadManifests: string;
  entryService: string;
  entryPort: string;
  entryPath: string;
  /** sample-app: number of tiers and which one the load enters. */
  sampleTiers: string;
  sampleEntry: "front" | "leaf";
};

/** A variant row's fields beyond name, mesh, waypoint, labels and annotations. */
export type VariantExtrasDraft = {
  podAnnotations: string;
  manifests: string;
  /** JSON array of extra containers (name, image, args, ports, role, resources). */
  extraContainers: string;
  entryService: string;
  entryPort: string;
  entryPath: string;
  /** JSON of the declared path ({client, hops, mtls}); empty: the default from the mesh. */
  topology: string;
};

export const mapText = (m: Record<string, string> | undefined) =>
  Object.entries(m ?? {})
    .map(([k, v]) => `${k}=${v}`)
    .join("\n");

/** "k=v" lines (or commas) → a map; a line without "=" keeps an empty value. */
export const labelMap = (text: string) =>
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

/** Like labelMap, but splits on newlines only (URLs may hold commas). */
const lineMap = (text: string) =>
  Object.fromEntries(
    text
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean)
      .map((line) => {
        const eq = line.indexOf("=");
        return eq < 0 ? [line, ""] : [line.slice(0, eq).trim(), line.slice(eq + 1).trim()];
      }),
  ) as Record<string, string>;

const num = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));
const optionalNum = (text: string) => (text.trim() === "" ? undefined : Number(text));
const quantity = (text: string) => (text.trim() === "" ? undefined : text.trim());

function resourcesFrom(
  cpuRequest: string,
  memoryRequest: string,
  cpuLimit: string,
  memoryLimit: string,
) {
  if (![cpuRequest, memoryRequest, cpuLimit, memoryLimit].some((x) => x.trim())) return undefined;
  return {
    requests: { cpu: quantity(cpuRequest), memory: quantity(memoryRequest) },
    limits: { cpu: quantity(cpuLimit), memory: quantity(memoryLimit) },
  };
}

const resourceText = (r: TResourceSpec | undefined) => ({
  cpuRequest: r?.requests.cpu ?? "",
  memoryRequest: r?.requests.memory ?? "",
  cpuLimit: r?.limits.cpu ?? "",
  memoryLimit: r?.limits.memory ?? "",
});

export function advancedDraftFrom(d: TBenchmarkDefinition): AdvancedDraft {
  const m = d.methodology;
  const sidecar = resourceText(m.sidecarResources);
  const lg = resourceText(m.loadGeneratorResources);
  const c = d.capacity;
  const t = d.target;
  return {
    sidecarCpuRequest: sidecar.cpuRequest,
    sidecarMemoryRequest: sidecar.memoryRequest,
    sidecarCpuLimit: sidecar.cpuLimit,
    sidecarMemoryLimit: sidecar.memoryLimit,
    lgCpuRequest: lg.cpuRequest,
    lgMemoryRequest: lg.memoryRequest,
    lgCpuLimit: lg.cpuLimit,
    lgMemoryLimit: lg.memoryLimit,
    seed: String(m.seed),
    trialTimeoutSeconds: String(m.trialTimeoutSeconds),
    dropWorst: String(m.runRule.dropWorst),
    dropBy: m.runRule.by,
    idleGate: m.idleGate,
    rateSeries: m.rateSeries,
    capacityOn: c !== undefined,
    capP99Ms: c ? String(c.p99Ms) : "",
    capMaxErrorPercent: String(c?.maxErrorPercent ?? 0.1),
    capMinAchievedPercent: String(c?.minAchievedPercent ?? 95),
    capStartQps: String(c?.startQps ?? 100),
    capMaxQps: c?.maxQps !== undefined ? String(c.maxQps) : "",
    capPrecisionPercent: String(c?.precisionPercent ?? 5),
    capRepetitionsPerProbe: String(c?.repetitionsPerProbe ?? 3),
    capMaxTrials: String(c?.maxTrials ?? 60),
    reportSections: d.reportSections,
    template: d.template ?? "",
    variantUrls: t.kind === "service-url" ? mapText(t.variantUrls) : "",
    workloadManifests: t.kind === "workload" ? t.manifests : "",
    entryService: t.kind === "workload" ? t.entry.service : "",
    entryPort: t.kind === "workload" ? String(t.entry.port) : "",
    entryPath: t.kind === "workload" ? t.entry.path : "/",
    sampleTiers: t.kind === "sample-app" ? String(t.tiers) : "3",
    sampleEntry: t.kind === "sample-app" ? t.entry : "front",
  };
}

export function variantExtrasFrom(v: TVariant): VariantExtrasDraft {
  return {
    podAnnotations: mapText(v.podAnnotations),
    manifests: v.manifests,
    extraContainers: v.extraContainers.length ? JSON.stringify(v.extraContainers, null, 2) : "",
    entryService: v.entry?.service ?? "",
    entryPort: v.entry ? String(v.entry.port) : "",
    entryPath: v.entry?.path ?? "/",
    topology: v.topology ? JSON.stringify(v.topology) : "",
  };
}

export const EMPTY_VARIANT_EXTRAS: VariantExtrasDraft = {
  podAnnotations: "",
  manifests: "",
  extraContainers: "",
  entryService: "",
  entryPort: "",
  entryPath: "/",
  topology: "",
};

/** Invalid JSON travels as a string, so the schema reports the field instead of the page failing. */
function parseJson(text: string, empty: unknown): unknown {
  if (!text.trim()) return empty;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function variantExtrasDefinition(v: VariantExtrasDraft) {
  return {
    podAnnotations: labelMap(v.podAnnotations),
    manifests: v.manifests,
    extraContainers: parseJson(v.extraContainers, []) as TVariant["extraContainers"],
    entry: v.entryService.trim()
      ? {
          service: v.entryService.trim(),
          port: num(v.entryPort),
          path: v.entryPath.trim() || "/",
        }
      : undefined,
    topology: parseJson(v.topology, undefined) as TVariant["topology"],
  };
}

type Common = {
  replicas: number;
  image: string;
  resources: ReturnType<typeof resourcesFrom>;
};

/** The target for the kinds the advanced fields describe (fortio-echo is built by the caller). */
export function advancedTarget(
  kind: TBenchmarkDefinition["target"]["kind"],
  a: AdvancedDraft,
  url: string,
  common: Common,
): TBenchmarkDefinitionInput["target"] {
  switch (kind) {
    case "service-url":
      return { kind, url: url.trim() || undefined, variantUrls: lineMap(a.variantUrls) };
    case "workload":
      return {
        kind,
        manifests: a.workloadManifests,
        entry: {
          service: a.entryService.trim(),
          port: num(a.entryPort),
          path: a.entryPath.trim() || "/",
        },
      };
    case "sample-app":
      return { kind, tiers: num(a.sampleTiers), entry: a.sampleEntry, ...common };
    default:
      return { kind: "fortio-echo", ...common };
  }
}

export function advancedDefinition(a: AdvancedDraft) {
  return {
    methodology: {
      sidecarResources: resourcesFrom(
        a.sidecarCpuRequest,
        a.sidecarMemoryRequest,
        a.sidecarCpuLimit,
        a.sidecarMemoryLimit,
      ),
      loadGeneratorResources: resourcesFrom(
        a.lgCpuRequest,
        a.lgMemoryRequest,
        a.lgCpuLimit,
        a.lgMemoryLimit,
      ),
      seed: num(a.seed),
      trialTimeoutSeconds: num(a.trialTimeoutSeconds),
      runRule: { dropWorst: num(a.dropWorst), by: a.dropBy },
      idleGate: a.idleGate,
      rateSeries: a.rateSeries,
    },
    capacity: a.capacityOn
      ? {
          p99Ms: num(a.capP99Ms),
          maxErrorPercent: num(a.capMaxErrorPercent),
          minAchievedPercent: num(a.capMinAchievedPercent),
          startQps: num(a.capStartQps),
          maxQps: optionalNum(a.capMaxQps),
          precisionPercent: num(a.capPrecisionPercent),
          repetitionsPerProbe: num(a.capRepetitionsPerProbe),
          maxTrials: num(a.capMaxTrials),
        }
      : undefined,
    reportSections: a.reportSections,
    template: a.template || null,
  };
}
