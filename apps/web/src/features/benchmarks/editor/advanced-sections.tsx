import { REPORT_SECTIONS, ZRunRuleStatistic } from "@meshbench/contracts";
import { Field } from "~/components/form/field";
import { CheckBox, TextInput, type EditorProps } from "./editor-fields";

/** What each report section shows, for the checkbox labels. */
const SECTION_LABELS: Record<(typeof REPORT_SECTIONS)[number], string> = {
  percentiles: "Percentiles table",
  "added-latency": "Latency added vs baseline",
  "per-repetition": "Per-repetition rows",
  "mean-sd-bars": "Mean ± SD bars",
  distribution: "Distribution (CDF/CCDF)",
  "latency-vs-qps": "Latency vs QPS",
  "latency-vs-connections": "Latency vs connections",
  "throughput-vs-connections": "Throughput vs connections",
  "load-curves": "Load curves",
  resources: "Resources",
  "resources-vs-rps": "Resources vs RPS",
  capacity: "Capacity at SLO",
};

export function RunRulesSection(p: EditorProps) {
  const { draft, set, errors } = p;
  return (
    <fieldset className="editor-section">
      <legend>Run rules</legend>
      <TextInput
        {...p}
        k="dropWorst"
        errorKey="methodology.runRule.dropWorst"
        label="Drop worst repetitions"
        hint="per cell, listed on the report"
        inputMode="numeric"
        size={4}
      />
      <Field
        name="methodology.runRule.by"
        label="Worst by"
        error={errors["methodology.runRule.by"]}
      >
        {(c) => (
          <select
            {...c}
            value={draft.dropBy}
            onChange={(e) => set("dropBy", e.target.value as typeof draft.dropBy)}
          >
            {ZRunRuleStatistic.options.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        )}
      </Field>
      <TextInput
        {...p}
        k="seed"
        errorKey="methodology.seed"
        label="Seed"
        hint="randomised block order"
        inputMode="numeric"
        size={8}
      />
      <TextInput
        {...p}
        k="trialTimeoutSeconds"
        errorKey="methodology.trialTimeoutSeconds"
        label="Trial timeout (s)"
        hint="0 = duration + warm-up + margin"
        inputMode="numeric"
        size={6}
      />
      <CheckBox
        draft={draft}
        set={set}
        k="idleGate"
        label="Wait for an idle target before each trial"
      />
      <CheckBox
        draft={draft}
        set={set}
        k="rateSeries"
        label="Throughput over time (each measured run in a pod of its own, with an access log)"
      />
    </fieldset>
  );
}

function ResourceRow(
  p: EditorProps & {
    legend: string;
    path: string;
    keys: ["sidecar" | "lg"];
  },
) {
  const [prefix] = p.keys;
  const k = (s: "CpuRequest" | "MemoryRequest" | "CpuLimit" | "MemoryLimit") =>
    `${prefix}${s}` as const;
  return (
    <div className="inline-form" role="group" aria-label={p.legend}>
      <strong>{p.legend}</strong>
      <TextInput
        {...p}
        k={k("CpuRequest")}
        errorKey={`${p.path}.requests.cpu`}
        label="CPU request"
        size={8}
      />
      <TextInput
        {...p}
        k={k("MemoryRequest")}
        errorKey={`${p.path}.requests.memory`}
        label="Memory request"
        size={8}
      />
      <TextInput
        {...p}
        k={k("CpuLimit")}
        errorKey={`${p.path}.limits.cpu`}
        label="CPU limit"
        size={8}
      />
      <TextInput
        {...p}
        k={k("MemoryLimit")}
        errorKey={`${p.path}.limits.memory`}
        label="Memory limit"
        size={8}
      />
    </div>
  );
}

export function ResourcesSection(p: EditorProps) {
  return (
    <fieldset className="editor-section">
      <legend>Sidecar and load-generator resources</legend>
      <ResourceRow {...p} legend="Sidecar" path="methodology.sidecarResources" keys={["sidecar"]} />
      <ResourceRow
        {...p}
        legend="Load generator"
        path="methodology.loadGeneratorResources"
        keys={["lg"]}
      />
    </fieldset>
  );
}

export function CapacitySection(p: EditorProps) {
  const { draft, set } = p;
  const num = (
    k: Parameters<typeof TextInput>[0]["k"],
    field: string,
    label: string,
    hint?: string,
  ) => (
    <TextInput
      {...p}
      k={k}
      errorKey={`capacity.${field}`}
      label={label}
      hint={hint}
      inputMode="decimal"
      size={8}
    />
  );
  return (
    <fieldset className="editor-section" data-field="capacity">
      <legend>Capacity at an SLO</legend>
      <CheckBox
        draft={draft}
        set={set}
        k="capacityOn"
        label="Search each variant's highest QPS within the SLO (ignores the QPS list)"
      />
      {draft.capacityOn && (
        <>
          {num("capP99Ms", "p99Ms", "p99 ≤ (ms)")}
          {num("capMaxErrorPercent", "maxErrorPercent", "Errors ≤ (%)")}
          {num("capMinAchievedPercent", "minAchievedPercent", "Achieved ≥ (% of requested)")}
          {num("capStartQps", "startQps", "Start QPS")}
          {num("capMaxQps", "maxQps", "Max QPS", "optional")}
          {num("capPrecisionPercent", "precisionPercent", "Precision (%)")}
          {num("capRepetitionsPerProbe", "repetitionsPerProbe", "Trials per probe")}
          {num("capMaxTrials", "maxTrials", "Most trials")}
        </>
      )}
    </fieldset>
  );
}

export function ReportSectionsSection({ draft, set, errors }: EditorProps) {
  const chosen = draft.reportSections;
  return (
    <fieldset className="editor-section check-list" data-field="reportSections">
      <legend>Report sections</legend>
      <p className="muted small">None ticked: every section that has data, in the usual order.</p>
      {REPORT_SECTIONS.map((s) => (
        <label key={s} className="check">
          <input
            type="checkbox"
            checked={chosen.includes(s)}
            onChange={(e) =>
              // Keep the chosen order (a template's), appending newly ticked sections.
              set(
                "reportSections",
                e.target.checked ? [...chosen, s] : chosen.filter((x) => x !== s),
              )
            }
          />{" "}
          {SECTION_LABELS[s]}
        </label>
      ))}
      {errors.reportSections && (
        <span className="field-error" role="alert">
          {errors.reportSections}
        </span>
      )}
    </fieldset>
  );
}

/** Error keys of the sections above and of the target extras (target-extras.tsx). */
export const ADVANCED_FIELD_KEYS = [
  "target.variantUrls",
  "target.manifests",
  "target.entry",
  "target.entry.service",
  "target.entry.port",
  "target.entry.path",
  "target.tiers",
  "methodology.runRule.dropWorst",
  "methodology.runRule.by",
  "methodology.seed",
  "methodology.trialTimeoutSeconds",
  ...["sidecarResources", "loadGeneratorResources"].flatMap((r) =>
    ["requests.cpu", "requests.memory", "limits.cpu", "limits.memory"].map(
      (f) => `methodology.${r}.${f}`,
    ),
  ),
  "capacity",
  ...[
    "p99Ms",
    "maxErrorPercent",
    "minAchievedPercent",
    "startQps",
    "maxQps",
    "precisionPercent",
    "repetitionsPerProbe",
    "maxTrials",
  ].map((f) => `capacity.${f}`),
  "reportSections",
];
