import { describe, expect, it } from "vitest";
import { sanitizeEnvironment } from "./sanitize";

describe("sanitizeEnvironment", () => {
  it("drops credential and endpoint keys and redacts URL values, keeping versions", () => {
    expect(
      sanitizeEnvironment({
        kubernetesVersion: "v1.34.1",
        serverVersion: "v1.34.1",
        server: "https://10.0.0.1:6443",
        apiToken: "abc",
        nodes: [{ name: "n1", address: "10.0.0.2" }],
        note: "see https://internal.example/dash",
        fortioCommand: "fortio load -qps 100",
      }),
    ).toEqual({
      kubernetesVersion: "v1.34.1",
      serverVersion: "v1.34.1",
      nodes: [{ name: "n1" }],
      note: "[redacted]",
      fortioCommand: "fortio load -qps 100",
    });
  });
});
