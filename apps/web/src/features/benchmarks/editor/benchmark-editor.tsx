"use client";
import { ZBenchmarkDefinition, type TBenchmarkDefinition } from "@meshbench/contracts";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useMemo, useState, type FormEvent } from "react";
import { useTRPC } from "~/trpc/react";
import { FormError } from "~/components/form/field";
import {
  issuesToFieldErrors,
  serverFieldErrors,
  type FieldErrors,
} from "~/components/form/form-errors";
import {
  ADVANCED_FIELD_KEYS,
  CapacitySection,
  ReportSectionsSection,
  ResourcesSection,
  RunRulesSection,
} from "./advanced-sections";
import { definitionFrom, draftFrom, type BenchmarkDraft } from "./benchmark-draft";
import {
  BasicsSection,
  MatrixSection,
  SECTION_FIELD_KEYS,
  TargetSection,
  TimingSection,
} from "./editor-sections";
import { METHODOLOGY_FIELD_KEYS, MethodologySection } from "./methodology-section";
import { formatDuration } from "../format-duration";
import { headerFieldKeys } from "./headers-draft";
import { RequestHeadersSection } from "./headers-section";
import { variantFieldKeys, VariantsEditor } from "./variants-editor";

/** "2 variants × 3 load levels × 3 repetitions" from the server's count. */
const breakdown = (trials: number, variants: number, repetitions: number) =>
  `${variants} variant${variants === 1 ? "" : "s"} × ${trials / (variants * repetitions)} load levels × ${repetitions} repetition${repetitions === 1 ? "" : "s"}`;

/** `benchmarkKey`: the key the edited benchmark is saved under (null for a new one). */
type Props = { benchmarkKey: string | null; initial: TBenchmarkDefinition | null };

function useDebounced<T>(value: T, ms: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
}

/** Create or edit a benchmark; the trial count and duration follow the matrix as you type. */
export function BenchmarkEditor({ benchmarkKey, initial }: Props) {
  const trpc = useTRPC();
  const router = useRouter();
  const [draft, setDraft] = useState<BenchmarkDraft>(() => draftFrom(initial));
  const [errors, setErrors] = useState<FieldErrors>({});
  const set: <K extends keyof BenchmarkDraft>(key: K, value: BenchmarkDraft[K]) => void = (
    key,
    value,
  ) => setDraft((d) => ({ ...d, [key]: value }));
  const known = useMemo(
    () =>
      new Set([
        ...SECTION_FIELD_KEYS,
        ...METHODOLOGY_FIELD_KEYS,
        ...ADVANCED_FIELD_KEYS,
        ...variantFieldKeys(draft.variants),
        ...headerFieldKeys("requestHeaders", draft.requestHeaders.length),
      ]),
    [draft.variants, draft.requestHeaders.length],
  );

  const definition = definitionFrom(draft);
  const sizeKey = useDebounced(
    JSON.stringify({
      variants: definition.variants,
      loadMatrix: definition.loadMatrix,
      repetitions: definition.repetitions,
      durationSeconds: definition.durationSeconds,
      warmupSeconds: definition.warmupSeconds,
    }),
    250,
  );
  type EstimateInput = Exclude<Parameters<typeof trpc.benchmarks.estimate.queryOptions>[0], symbol>;
  // NaN from a half-typed number travels as null and the server answers BAD_REQUEST.
  const sizeInput = useMemo(() => JSON.parse(sizeKey) as EstimateInput, [sizeKey]);
  const estimate = useQuery(
    trpc.benchmarks.estimate.queryOptions(sizeInput, {
      placeholderData: keepPreviousData,
      retry: false,
    }),
  );

  const onError = (e: Parameters<typeof serverFieldErrors>[0]) =>
    setErrors(serverFieldErrors(e, known, "definition."));
  const onSuccess = () => {
    router.push("/benchmarks");
    router.refresh();
  };
  const create = useMutation(trpc.benchmarks.create.mutationOptions({ onError, onSuccess }));
  const update = useMutation(trpc.benchmarks.update.mutationOptions({ onError, onSuccess }));
  const pending = create.isPending || update.isPending;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The contracts' schema first, so issues land on the exact field; the server checks again.
    const parsed = ZBenchmarkDefinition.safeParse(definition);
    if (!parsed.success) {
      setErrors(issuesToFieldErrors(parsed.error.issues, known));
      return;
    }
    setErrors({});
    if (benchmarkKey) update.mutate({ benchmarkKey, definition: parsed.data });
    else create.mutate(parsed.data);
  }

  const sectionProps = { draft, set, errors };
  const stale = estimate.isError || estimate.isPlaceholderData;
  return (
    <form className="editor" onSubmit={onSubmit} noValidate aria-label="Benchmark editor">
      <div className="editor-main">
        <BasicsSection {...sectionProps} />
        <TargetSection {...sectionProps} />
        <VariantsEditor {...sectionProps} />
        <MatrixSection {...sectionProps} />
        <RequestHeadersSection {...sectionProps} />
        <TimingSection {...sectionProps} />
        <MethodologySection {...sectionProps} />
        <RunRulesSection {...sectionProps} />
        <ResourcesSection {...sectionProps} />
        <CapacitySection {...sectionProps} />
        <ReportSectionsSection {...sectionProps} />
      </div>
      <aside className="editor-summary panel" aria-label="Run size">
        <dl className="kv" aria-live="polite">
          <dt>Trials</dt>
          <dd className="num" data-testid="trial-count" data-stale={stale || undefined}>
            {estimate.data ? estimate.data.trialCount : "—"}
          </dd>
          <dt>Estimated duration</dt>
          <dd className="num" data-testid="estimated-duration">
            {estimate.data ? formatDuration(estimate.data.estimatedSeconds) : "—"}
          </dd>
        </dl>
        {estimate.isError && (
          <p className="muted small">Fix the load matrix or timing to update the estimate.</p>
        )}
        {estimate.data && estimate.data.trialCount > 10_000 && (
          <p className="bad small">At most 10,000 trials per benchmark.</p>
        )}
        {estimate.data && !stale && (
          <p className="muted small" data-testid="trial-breakdown">
            {breakdown(estimate.data.trialCount, sizeInput.variants.length, sizeInput.repetitions)}
          </p>
        )}
        <FormError error={errors._form} />
        {Object.keys(errors).length > 0 && !errors._form && (
          <p className="field-error" role="status">
            Some fields need attention.
          </p>
        )}
        <div className="actions">
          <button type="submit" disabled={pending}>
            {benchmarkKey ? "Save changes" : "Create benchmark"}
          </button>
          <Link href="/benchmarks">Cancel</Link>
        </div>
      </aside>
    </form>
  );
}
