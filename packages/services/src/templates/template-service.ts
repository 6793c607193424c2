import {
  DomainError,
  ZBenchmarkDefinition,
  type TGetTemplateInput,
  type TTemplateDetail,
  type TTemplateSummary,
} from "@meshbench/contracts";
import { buildTemplate, listTemplates } from "@meshbench/core";

/**
 * The five write-up templates (pure data in core): the picker's list, and one template's
 * benchmark for the caller's mesh choice, parsed so defaults are filled as a stored one's are.
 */
export function createTemplateService() {
  return {
    list(): TTemplateSummary[] {
      return listTemplates();
    },
    get(input: TGetTemplateInput): TTemplateDetail {
      const { key, ...options } = input;
      const { summary, definition } = buildTemplate(key, options);
      const parsed = ZBenchmarkDefinition.safeParse(definition);
      // A template that does not parse is our bug, not the caller's; say which field.
      if (!parsed.success)
        throw new DomainError(
          "BAD_REQUEST",
          `The ${key} template does not make a valid benchmark for this choice: ${parsed.error.issues[0]?.path.join(".")}: ${parsed.error.issues[0]?.message}`,
          "meshes",
        );
      return { ...summary, definition: parsed.data };
    },
  };
}

export type TemplateService = ReturnType<typeof createTemplateService>;
