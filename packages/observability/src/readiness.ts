export type CheckResult = { ok: boolean; detail?: string };
export type Readiness = { ready: boolean; checks: Record<string, CheckResult> };

/** Runs every check concurrently; a check that throws or exceeds `timeoutMs` is not ok. */
export async function evaluateReadiness(
  checks: Record<string, () => Promise<CheckResult>>,
  timeoutMs = 3_000,
): Promise<Readiness> {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<CheckResult>((resolve) => {
        timer = setTimeout(
          () => resolve({ ok: false, detail: `timed out after ${timeoutMs} ms` }),
          timeoutMs,
        );
      });
      try {
        const result = await Promise.race([
          check().catch((e: unknown) => ({
            ok: false,
            detail: e instanceof Error ? e.message.split("\n")[0] : String(e),
          })),
          timeout,
        ]);
        return [name, result] as const;
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return { ready: entries.every(([, r]) => r.ok), checks: Object.fromEntries(entries) };
}
