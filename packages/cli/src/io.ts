import { readFile } from "node:fs/promises";
import path from "node:path";

/** Everything a command touches outside itself, injected so tests run commands in-process. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Directory relative file arguments are resolved against (the caller's, not pnpm's). */
  cwd: string;
  env: Record<string, string | undefined>;
  fetch: typeof fetch;
  readFile: (file: string) => Promise<string>;
  sleep: (ms: number) => Promise<void>;
  /** Whether stderr is a terminal (progress bar redraws in place). */
  isTty: boolean;
}

export const EXIT = {
  ok: 0,
  pass: 0,
  fail: 1,
  invalidInput: 1,
  inconclusive: 2,
  error: 3,
  usage: 64,
} as const;

/** A refusal with its exit code and a one-line message (never a stack trace). */
export class CliError extends Error {
  constructor(
    readonly exitCode: number,
    message: string,
  ) {
    super(message);
  }
}

export async function readInput(io: CliIo, file: string): Promise<string> {
  try {
    return await io.readFile(path.resolve(io.cwd, file));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === "ENOENT"
        ? "no such file"
        : code === "EISDIR"
          ? "is a directory"
          : (code ?? "unreadable");
    throw new CliError(EXIT.invalidInput, `${file}: ${why}`);
  }
}

/**
 * Where relative file arguments are resolved. A package script (`pnpm meshbench`, `pnpm --filter
 * @meshbench/cli start`) runs in its package's directory, and INIT_CWD is where the user typed the
 * command. Anywhere else INIT_CWD may be a stale value inherited from some enclosing pnpm process
 * (a test runner, a CI script that changed directory), so the process's own cwd wins.
 */
export function callerCwd(env: Record<string, string | undefined>, cwd: string): string {
  const script = env.npm_package_json;
  const asScript = script !== undefined && path.resolve(path.dirname(script)) === path.resolve(cwd);
  return asScript && env.INIT_CWD ? env.INIT_CWD : cwd;
}

export function nodeIo(): CliIo {
  return {
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
    cwd: callerCwd(process.env, process.cwd()),
    env: process.env,
    fetch: globalThis.fetch,
    readFile: (f) => readFile(f, "utf8"),
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
    isTty: process.stderr.isTTY === true,
  };
}
