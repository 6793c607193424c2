import { Field } from "~/components/form/field";
import { TargetExtras } from "./target-extras";
import { CheckList, TextInput, type EditorProps } from "./editor-fields";

export function BasicsSection(p: EditorProps) {
  return (
    <fieldset className="editor-section">
      <legend>Benchmark</legend>
      <TextInput {...p} k="key" errorKey="key" label="Key" hint="lowercase, e.g. echo-latency" />
      <TextInput {...p} k="name" errorKey="name" label="Name" />
      <TextInput {...p} k="description" errorKey="description" label="Description" multiline />
    </fieldset>
  );
}

export function TargetSection(p: EditorProps) {
  const { draft, set, errors } = p;
  return (
    <fieldset className="editor-section" data-field="target">
      <legend>Target</legend>
      <Field name="target.kind" label="Target kind" error={errors.target}>
        {(c) => (
          <select
            {...c}
            value={draft.targetKind}
            onChange={(e) => set("targetKind", e.target.value as typeof draft.targetKind)}
          >
            <option value="fortio-echo">Built-in Fortio echo server</option>
            <option value="service-url">Existing Service URL (per variant)</option>
            <option value="workload">Your own workload (manifests)</option>
            <option value="sample-app">Sample multi-service app</option>
          </select>
        )}
      </Field>
      {draft.targetKind === "fortio-echo" || draft.targetKind === "sample-app" ? (
        <>
          <TextInput
            {...p}
            k="replicas"
            errorKey="target.replicas"
            label="Replicas"
            inputMode="numeric"
            size={4}
          />
          <TextInput {...p} k="targetImage" errorKey="target.image" label="Image" size={28} />
          <TextInput
            {...p}
            k="cpuRequest"
            errorKey="target.resources.requests.cpu"
            label="CPU request"
            placeholder="100m"
            size={8}
          />
          <TextInput
            {...p}
            k="memoryRequest"
            errorKey="target.resources.requests.memory"
            label="Memory request"
            placeholder="64Mi"
            size={8}
          />
          <TextInput
            {...p}
            k="cpuLimit"
            errorKey="target.resources.limits.cpu"
            label="CPU limit"
            size={8}
          />
          <TextInput
            {...p}
            k="memoryLimit"
            errorKey="target.resources.limits.memory"
            label="Memory limit"
            size={8}
          />
        </>
      ) : draft.targetKind === "service-url" ? (
        <TextInput
          {...p}
          k="url"
          errorKey="target.url"
          label="Service URL"
          placeholder="http://echo.bench.svc.cluster.local:8080/"
          size={44}
        />
      ) : null}
      <TargetExtras {...p} />
    </fieldset>
  );
}

export function MatrixSection(p: EditorProps) {
  return (
    <fieldset className="editor-section">
      <legend>Load matrix</legend>
      {p.errors.loadMatrix && (
        <p className="field-error" role="alert">
          {p.errors.loadMatrix}
        </p>
      )}
      <TextInput
        {...p}
        k="qps"
        errorKey="loadMatrix.qps"
        label="QPS levels"
        hint='comma-separated; "max" = as fast as possible'
        size={24}
      />
      <TextInput
        {...p}
        k="connections"
        errorKey="loadMatrix.connections"
        label="Connections"
        hint="comma-separated"
        size={14}
      />
      <TextInput
        {...p}
        k="payloadBytes"
        errorKey="loadMatrix.payloadBytes"
        label="Payload sizes (bytes)"
        hint="comma-separated"
        size={14}
      />
      <CheckList
        {...p}
        k="protocols"
        legend="Protocols"
        errorKey="loadMatrix.protocols"
        options={[
          { value: "http1", label: "HTTP/1.1" },
          { value: "h2", label: "HTTP/2" },
          { value: "grpc", label: "gRPC" },
          { value: "tcp", label: "TCP (L4)" },
        ]}
      />
      <CheckList
        {...p}
        k="keepAlive"
        legend="Keep-alive"
        errorKey="loadMatrix.keepAlive"
        options={[
          { value: "on", label: "on" },
          { value: "off", label: "off" },
        ]}
      />
    </fieldset>
  );
}

export function TimingSection(p: EditorProps) {
  return (
    <fieldset className="editor-section">
      <legend>Timing</legend>
      <TextInput
        {...p}
        k="durationSeconds"
        errorKey="durationSeconds"
        label="Duration (s)"
        inputMode="numeric"
        size={6}
      />
      <TextInput
        {...p}
        k="warmupSeconds"
        errorKey="warmupSeconds"
        label="Warm-up (s)"
        inputMode="numeric"
        size={6}
      />
      <TextInput
        {...p}
        k="repetitions"
        errorKey="repetitions"
        label="Repetitions"
        inputMode="numeric"
        size={4}
      />
    </fieldset>
  );
}

/** Every error key the sections above show, for placing zod issues on the nearest one. */
export const SECTION_FIELD_KEYS = [
  "key",
  "name",
  "description",
  "target",
  "target.replicas",
  "target.image",
  "target.url",
  "target.resources.requests.cpu",
  "target.resources.requests.memory",
  "target.resources.limits.cpu",
  "target.resources.limits.memory",
  "variants",
  "loadMatrix.qps",
  "loadMatrix.connections",
  "loadMatrix.payloadBytes",
  "loadMatrix.protocols",
  "loadMatrix.keepAlive",
  "loadMatrix",
  "durationSeconds",
  "warmupSeconds",
  "repetitions",
];
