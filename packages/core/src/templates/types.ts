import type {
  TBenchmarkDefinitionInput,
  TMeshKind,
  TTemplateJwt,
  TTemplateKey,
  TTemplateSummary,
} from "@meshbench/contracts";

/**
 * What a template's builder receives: options already checked against its summary; `jwt` only
 * for a mode listed in the summary's `jwtModes`.
 */
export type TemplateChoice = { meshes: TMeshKind[]; mode: string; jwt: TTemplateJwt | null };

/** One write-up: what the picker shows, and the function that builds its benchmark. */
export type BenchmarkTemplate = {
  summary: TTemplateSummary & { key: TTemplateKey };
  build(choice: TemplateChoice): TBenchmarkDefinitionInput;
  /** A reason the choice cannot make this write-up's benchmark (beyond allowed meshes/modes). */
  problem?(choice: TemplateChoice): string | null;
};
