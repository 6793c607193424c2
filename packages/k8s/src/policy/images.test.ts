import { describe, expect, it } from "vitest";
import { imageProblem } from "./images";

describe("image references", () => {
  it.each([
    "fortio/fortio:1.68.2",
    "busybox",
    "docker.io/library/nginx:1.27-alpine",
    "registry.example.com:5000/team/app/web:v1.2.3_rc1",
    "localhost:5000/x@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
    "ghcr.io/o/r:tag@sha256:0123456789abcdef0123456789abcdef",
    "[::1]:5000/x:y",
    "a__b/c--d.e_f",
  ])("accepts %s", (image) => expect(imageProblem(image)).toBeNull());

  it.each([
    "",
    " fortio/fortio",
    "fortio/fortio latest",
    "--privileged",
    "-v",
    "nginx;rm -rf /",
    "https://evil.example/x",
    "Fortio:Latest:x",
    "x:tag\nEvil: header",
    "x@sha256:short",
    "x:" + "t".repeat(129),
    `${"a".repeat(256)}:1`,
  ])("refuses %j", (image) => expect(imageProblem(image)).toMatch(/^image /));

  it("refuses values that are not strings", () => {
    expect(imageProblem(42)).toMatch(/is not a string/);
    expect(imageProblem(undefined)).toMatch(/is not a string/);
  });
});
