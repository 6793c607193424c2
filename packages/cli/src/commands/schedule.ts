import type { TSchedule } from "@meshbench/contracts";
import { apiTarget, callApi } from "../api-client";
import { parse, requireString } from "../args";
import { CliError, EXIT, type CliIo } from "../io";
import { CONNECTION } from "./verdict";

export const SCHEDULE_USAGE =
  "usage: meshbench schedule create <benchmark> --cluster <name> --cron '<m h dom mon dow>' [--tz Zone/City] [--disabled] [--json]\n" +
  "       meshbench schedule list [<benchmark>] [--json]\n" +
  "       meshbench schedule enable|disable|delete <scheduleId>\n" +
  "       (each with [--url u] [--token t]; writes need the runs:trigger scope; --tz defaults to UTC)";

const OPTIONS = {
  ...CONNECTION,
  cluster: { type: "string" },
  cron: { type: "string" },
  tz: { type: "string" },
  disabled: { type: "boolean" },
} as const;

/** The schedule as JSON over REST: its dates are ISO strings. */
type ScheduleJson = Omit<TSchedule, "nextRuns" | "firings" | "createdAt"> & {
  nextRuns: string[];
  firings: { dueAt: string; outcome: string; runId: string | null; message: string | null }[];
};

function describe(s: ScheduleJson): string {
  const lines = [
    `${s.id}  ${s.benchmarkKey} on ${s.clusterName}: "${s.cron}" ${s.timezone} — ${s.enabled ? "enabled" : "disabled"}`,
    ...(s.nextRuns.length ? [`  next: ${s.nextRuns.join(", ")}`] : []),
    ...s.firings
      .slice(0, 5)
      .map(
        (f) =>
          `  ${f.dueAt} ${f.outcome}${f.runId ? ` run ${f.runId}` : ""}${f.message ? ` (${f.message})` : ""}`,
      ),
  ];
  return `${lines.join("\n")}\n`;
}

/** `schedule create|list|enable|disable|delete` over REST (/schedules). */
export async function schedule(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(argv, OPTIONS, SCHEDULE_USAGE);
  const [sub, arg, ...extra] = positionals;
  if (extra.length > 0) throw new CliError(EXIT.usage, SCHEDULE_USAGE);
  const target = () => apiTarget(values, io);
  const print = (s: ScheduleJson, verb: string) => {
    io.stdout(values.json ? `${JSON.stringify(s, null, 2)}\n` : `${verb}${describe(s)}`);
    return EXIT.ok;
  };
  if (sub === "create" && arg) {
    const created = await callApi<ScheduleJson>(io, target(), "POST", "/schedules", {
      benchmarkKey: arg,
      clusterName: requireString(values.cluster, "--cluster", SCHEDULE_USAGE),
      cron: requireString(values.cron, "--cron", SCHEDULE_USAGE),
      timezone: typeof values.tz === "string" ? values.tz : "UTC",
      enabled: values.disabled !== true,
    });
    return print(created, "created ");
  }
  if (sub === "list") {
    const query = arg ? `?benchmarkKey=${encodeURIComponent(arg)}` : "";
    const list = await callApi<ScheduleJson[]>(io, target(), "GET", `/schedules${query}`);
    io.stdout(
      values.json
        ? `${JSON.stringify(list, null, 2)}\n`
        : list.length
          ? list.map(describe).join("")
          : "no schedules\n",
    );
    return EXIT.ok;
  }
  const path = arg ? `/schedules/${encodeURIComponent(arg)}` : "";
  if ((sub === "enable" || sub === "disable") && arg) {
    const updated = await callApi<ScheduleJson>(io, target(), "PATCH", path, {
      enabled: sub === "enable",
    });
    return print(updated, `${sub}d `);
  }
  if (sub === "delete" && arg) {
    await callApi(io, target(), "DELETE", path);
    io.stdout(`deleted schedule ${arg}\n`);
    return EXIT.ok;
  }
  throw new CliError(EXIT.usage, SCHEDULE_USAGE);
}
