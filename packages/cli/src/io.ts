import { spawn } from "node:child_process";
import { open, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { cliEnvironment } from "./env";

/** Everything a command touches outside itself, injected so tests run commands in-process. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Directory relative file arguments are resolved against (the caller's, not pnpm's). */
  cwd: string;
  env: Record<string, string | undefined>;
  fetch: typeof fetch;
  readFile: (file: string) => Promise<string>;
  /** Writes a file readable by its owner only (0600, also when it existed before). */
  writePrivateFile: (file: string, text: string) => Promise<void>;
  /** Writes a file (exports: CSV, JSON, SMP) with the process's usual mode. */
  writeFile: (file: string, text: string) => Promise<void>;
  /** Runs a program with an argument array (never through a shell). */
  runProgram: (file: string, args: string[], options: RunOptions) => Promise<ProgramResult>;
  sleep: (ms: number) => Promise<void>;
  /** Whether stderr is a terminal (progress bar redraws in place). */
  isTty: boolean;
}

export type RunOptions = {
  env: Record<string, string | undefined>;
  /** Written to the program's stdin. */
  input?: string;
  timeoutMs?: number;
};
export type ProgramResult = { code: number | null; stdout: string; stderr: string };

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

/** child_process.spawn without a shell; rejects only when the program cannot start (ENOENT). */
function runProgram(file: string, args: string[], options: RunOptions): Promise<ProgramResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      // A plain record: Next's types (pulled into programs that also compile the api) make
      // NODE_ENV a required key of ProcessEnv, which a copied environment need not have.
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- needed where Next's types apply (e2e)
      env: options.env as NodeJS.ProcessEnv,
      stdio: ["pipe", "pipe", "pipe"],
      timeout: options.timeoutMs ?? 120_000,
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (c: Buffer) => out.push(c));
    child.stderr.on("data", (c: Buffer) => err.push(c));
    child.once("error", reject);
    child.once("close", (code) =>
      resolve({
        code,
        stdout: Buffer.concat(out).toString("utf8"),
        stderr: Buffer.concat(err).toString("utf8"),
      }),
    );
    child.stdin.on("error", () => undefined); // a program that exits early closes its stdin
    child.stdin.end(options.input ?? "");
  });
}

async function writePrivateFile(file: string, text: string) {
  const handle = await open(file, "w", 0o600);
  try {
    await handle.chmod(0o600); // before any byte lands in a file that existed with wider modes
    await handle.writeFile(text, "utf8");
  } finally {
    await handle.close();
  }
}

export function nodeIo(): CliIo {
  const env = cliEnvironment();
  return {
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
    cwd: callerCwd(env, process.cwd()),
    env,
    fetch: globalThis.fetch,
    readFile: (f) => readFile(f, "utf8"),
    writePrivateFile,
    writeFile: (f, text) => writeFile(f, text, "utf8"),
    runProgram,
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
    isTty: process.stderr.isTTY === true,
  };
}

/** A JSON file argument (a definition, budgets); not JSON is exit 1 naming the file. */
export async function readJson(io: CliIo, file: string): Promise<unknown> {
  const text = await readInput(io, file);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new CliError(EXIT.invalidInput, `${file}: not JSON (${(error as Error).message})`);
  }
}
