import { z } from "zod";

/** The formats a report or comparison downloads as. */
export const ZExportFormat = z.enum(["csv", "json"]);
export type TExportFormat = z.infer<typeof ZExportFormat>;

/** A download: the file's name, its media type and its text. */
export const ZExportFile = z.object({
  filename: z.string(),
  contentType: z.string(),
  body: z.string(),
});
export type TExportFile = z.infer<typeof ZExportFile>;
