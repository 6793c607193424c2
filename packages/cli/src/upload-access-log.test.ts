import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { uploadBody } from "./commands/upload";
import type { CliIo } from "./io";

const fixtures = path.resolve(import.meta.dirname, "../../formats/fixtures");
const io = {
  stdout: () => {},
  stderr: () => {},
  cwd: fixtures,
  env: {},
  readFile: (file: string) => readFile(file, "utf8"),
} as unknown as CliIo;

const RESULT = "fortio/access-log/qps50-c2-err503-result.json";
const LOG = "fortio/access-log/qps50-c2-err503-access.jsonl";

describe("meshbench upload --access-log", () => {
  it("sends the access log with the result it names, and none with the others", async () => {
    const { body } = await uploadBody(
      [
        RESULT,
        "fortio/baseline-qps100-c1.json",
        "--benchmark",
        "b",
        "--access-log",
        `${RESULT}=${LOG}`,
      ],
      io,
    );
    expect(body.trials[0]!.accessLog).toBe(await readFile(path.join(fixtures, LOG), "utf8"));
    expect(body.trials[1]).not.toHaveProperty("accessLog");
  });

  it("refuses a pair whose result is not uploaded", async () => {
    await expect(
      uploadBody([RESULT, "--benchmark", "b", "--access-log", `other.json=${LOG}`], io),
    ).rejects.toThrow(/--access-log other.json=/);
  });
});
