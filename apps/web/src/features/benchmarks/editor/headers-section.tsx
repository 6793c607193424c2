import type { EditorProps } from "./editor-fields";
import { HeadersEditor } from "./headers-editor";

/** The benchmark's own request headers: on every request of every variant. */
export function RequestHeadersSection({ draft, set, errors }: EditorProps) {
  return (
    <fieldset className="editor-section" data-field="requestHeaders">
      <legend>Request headers</legend>
      <p className="muted">
        Sent on every request of every variant (HTTP/1.1 and h2 load). A value that is a credential
        comes from a workspace secret: it is sent by the worker and shown everywhere as{" "}
        <code>&lt;secret:name&gt;</code>.
      </p>
      <HeadersEditor
        prefix="requestHeaders"
        rows={draft.requestHeaders}
        onChange={(rows) => set("requestHeaders", rows)}
        errors={errors}
      />
    </fieldset>
  );
}
