import {
  DomainError,
  type TBenchmarkDefinition,
  type TPutHeaderSecretInput,
  type TResolvedHeader,
  type TWorkspaceSecretView,
} from "@meshbench/contracts";
import { openedHeaders, requestHeadersOf } from "@meshbench/core";
import type { WorkspaceSecretRepository } from "@meshbench/db";
import type { AuditActor } from "../audit/audit-service";
import { generateTestJwt } from "./test-jwt";
import type { SecretVault } from "./vault";

const PURPOSE = "header-secret" as const;

/** Every secret reference of a definition, with the field that names it. */
function secretFields(def: TBenchmarkDefinition) {
  const refs: { field: string; name: string }[] = [];
  def.requestHeaders.forEach((h, i) => {
    if ("secret" in h) refs.push({ field: `requestHeaders[${i}].secret`, name: h.secret });
  });
  def.variants.forEach((v, j) =>
    v.requestHeaders.forEach((h, i) => {
      if ("secret" in h)
        refs.push({ field: `variants[${j}].requestHeaders[${i}].secret`, name: h.secret });
    }),
  );
  return refs;
}

/**
 * The workspace's header secrets: created and replaced by admins (sealed at once, audited),
 * listed by name for anyone who edits benchmarks, opened only for a request the worker is about
 * to send. No method returns a value.
 */
export function createSecretService(deps: {
  secrets: WorkspaceSecretRepository;
  vault: SecretVault;
}) {
  const { secrets, vault } = deps;
  const binding = (workspaceId: string, name: string) => ({ workspaceId, purpose: PURPOSE, name });

  const put = async (workspaceId: string, input: TPutHeaderSecretInput, actor: AuditActor) =>
    secrets.put(
      workspaceId,
      {
        name: input.name,
        purpose: PURPOSE,
        sealed: vault.seal(binding(workspaceId, input.name), input.value),
      },
      actor,
    );

  /** The named secrets' values (request time only); missing ones are absent from the map. */
  async function openValues(workspaceId: string, names: readonly string[]) {
    const values = new Map<string, string>();
    for (const row of await secrets.sealedMany(workspaceId, PURPOSE, names)) {
      const opened = vault.openSealed(binding(workspaceId, row.name), row);
      if (opened.stale)
        await secrets.reseal(
          workspaceId,
          PURPOSE,
          row.name,
          vault.seal(binding(workspaceId, row.name), opened.plaintext),
        );
      values.set(row.name, opened.plaintext);
    }
    return values;
  }

  /** The first header (with its field) whose secret the workspace does not have, or null. */
  async function missingSecret(workspaceId: string, def: TBenchmarkDefinition) {
    const refs = secretFields(def);
    const names = [...new Set(refs.map((r) => r.name))];
    const have = await secrets.existing(workspaceId, PURPOSE, names);
    return refs.find((r) => !have.has(r.name)) ?? null;
  }

  return {
    list: (workspaceId: string): Promise<TWorkspaceSecretView[]> =>
      secrets.list(workspaceId, PURPOSE),

    async put(workspaceId: string, input: TPutHeaderSecretInput, actor: AuditActor) {
      return (await put(workspaceId, input, actor)).secret;
    },

    async delete(workspaceId: string, name: string, actor: AuditActor) {
      if (!(await secrets.delete(workspaceId, PURPOSE, name, actor)))
        throw new DomainError("NOT_FOUND", `No secret named ${name}`, "name");
    },

    /**
     * A fresh test key pair and a token it signs, for a RequestAuthentication a benchmark applies:
     * the token ("Bearer …") is stored as the header secret `name`, the private key is dropped,
     * and what the RequestAuthentication needs (issuer, public JWKS) is returned.
     */
    async generateTestJwt(workspaceId: string, name: string, actor: AuditActor) {
      const jwt = generateTestJwt(name);
      await put(workspaceId, { name, value: `Bearer ${jwt.token}` }, actor);
      return { secret: name, issuer: jwt.issuer, jwks: jwt.jwks, generated: true as const };
    },

    missingSecret,

    /** BAD_REQUEST naming the first header whose secret the workspace does not have. */
    async checkDefinition(workspaceId: string, def: TBenchmarkDefinition) {
      const missing = await missingSecret(workspaceId, def);
      if (missing)
        throw new DomainError(
          "BAD_REQUEST",
          `${missing.field}: the workspace has no secret named ${missing.name}; create it in Settings → Secrets (an imported benchmark asks for each of its secrets again)`,
          missing.field,
        );
    },

    /**
     * A variant's request headers with their secrets' values, for the load generator's request
     * only: never stored, logged or shown. Throws naming a secret that no longer exists.
     */
    async openRequestHeaders(
      workspaceId: string,
      def: TBenchmarkDefinition,
      variant: string,
    ): Promise<TResolvedHeader[]> {
      const headers = requestHeadersOf(def, variant);
      const names = headers.flatMap((h) => ("secret" in h ? [h.secret] : []));
      return openedHeaders(headers, await openValues(workspaceId, names));
    },
  };
}

export type SecretService = ReturnType<typeof createSecretService>;
