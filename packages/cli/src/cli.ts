import { benchmark, BENCHMARK_USAGE } from "./commands/benchmark";
import { importBundle, IMPORT_USAGE, rerunPlan, RERUN_PLAN_USAGE } from "./commands/bundles";
import { budgets, BUDGETS_USAGE } from "./commands/budgets";
import { calibrate, CALIBRATE_USAGE } from "./commands/calibrate";
import { cancel, CANCEL_USAGE } from "./commands/cancel";
import { cluster, CLUSTER_USAGE } from "./commands/cluster";
import { comment, COMMENT_USAGE } from "./commands/comment";
import { compare, COMPARE_USAGE } from "./commands/compare";
import { definition, DEFINITION_USAGE } from "./commands/definition";
import { history, HISTORY_USAGE } from "./commands/history";
import { inspect, INSPECT_USAGE } from "./commands/inspect";
import { EXPORT_USAGE, exportRun, report, REPORT_USAGE } from "./commands/report";
import { run, RUN_USAGE } from "./commands/run";
import { schedule, SCHEDULE_USAGE } from "./commands/schedule";
import { share, SHARE_USAGE } from "./commands/share";
import { template, TEMPLATE_USAGE } from "./commands/template";
import { upload, UPLOAD_USAGE } from "./commands/upload";
import { verdict, VERDICT_USAGE } from "./commands/verdict";
import { CliError, EXIT, type CliIo } from "./io";

export const USAGE = [
  "meshbench — service-mesh benchmarks from the command line",
  "",
  INSPECT_USAGE,
  COMPARE_USAGE,
  UPLOAD_USAGE,
  TEMPLATE_USAGE,
  BENCHMARK_USAGE,
  CLUSTER_USAGE,
  CALIBRATE_USAGE,
  RUN_USAGE,
  CANCEL_USAGE,
  SCHEDULE_USAGE,
  REPORT_USAGE,
  EXPORT_USAGE,
  VERDICT_USAGE,
  COMMENT_USAGE,
  DEFINITION_USAGE,
  IMPORT_USAGE,
  RERUN_PLAN_USAGE,
  SHARE_USAGE,
  BUDGETS_USAGE,
  HISTORY_USAGE,
  "",
  "Server and token: --url/--token or MESHBENCH_URL/MESHBENCH_TOKEN.",
  "Exit codes: 0 ok/pass, 1 fail or invalid input, 2 inconclusive, 3 error (network, auth, server), 64 usage.",
].join("\n");

const COMMANDS: Record<string, (argv: string[], io: CliIo) => Promise<number>> = {
  inspect,
  compare,
  upload,
  template,
  benchmark,
  cluster,
  calibrate,
  run,
  cancel,
  schedule,
  report,
  export: exportRun,
  verdict,
  comment,
  definition,
  import: importBundle,
  "rerun-plan": rerunPlan,
  share,
  budgets,
  history,
};

/** Runs one command; every refusal is a one-line message on stderr and an exit code, never a stack. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "help" || name === "--help" || name === "-h") {
    (name ? io.stdout : io.stderr)(`${USAGE}\n`);
    return name ? EXIT.ok : EXIT.usage;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.stderr(`unknown command "${name}"\n${USAGE}\n`);
    return EXIT.usage;
  }
  try {
    return await command(rest, io);
  } catch (error) {
    if (error instanceof CliError) {
      io.stderr(`meshbench ${name}: ${error.message}\n`);
      return error.exitCode;
    }
    io.stderr(
      `meshbench ${name}: unexpected error: ${(error as Error).message?.split("\n")[0] ?? String(error)}\n`,
    );
    return name === "inspect" || name === "compare" ? EXIT.invalidInput : EXIT.error;
  }
}
