export { runCli, USAGE } from "./cli";
export { EXIT, CliError, nodeIo, type CliIo } from "./io";
