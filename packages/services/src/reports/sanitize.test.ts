import { describe, expect, it } from "vitest";
import { sanitizeEnvironment } from "./sanitize";

const request =
  "GET mb-r-baseline/lg-fortio:8080/fortio/rest/run?url=http://echo.mb-r-baseline.svc.cluster.local:8080/echo&qps=100&c=4&t=10s";

describe("sanitizeEnvironment", () => {
  it("drops credential and endpoint keys and redacts secret-looking values, keeping versions", () => {
    expect(
      sanitizeEnvironment({
        kubernetesVersion: "v1.34.1",
        server: "https://10.0.0.1:6443",
        apiToken: "abc",
        nodes: [{ name: "n1", address: "10.0.0.2" }],
        auth: "Bearer abc.def",
        jwt: "eyJhbGciOiJIUzI1NiJ9.payload",
        fortioCommand: "fortio load -qps 100",
      }),
    ).toEqual({
      kubernetesVersion: "v1.34.1",
      nodes: [{ name: "n1" }],
      auth: "[redacted]",
      jwt: "[redacted]",
      fortioCommand: "fortio load -qps 100",
    });
  });

  it("shows members the exact load-generator request, credentials in URLs removed", () => {
    expect(sanitizeEnvironment({ loadGenerator: { a: request } })).toEqual({
      loadGenerator: { a: request },
    });
    expect(sanitizeEnvironment({ note: "http://user:pw@h.example/x" })).toEqual({
      note: "http://h.example/x",
    });
  });

  it("masks hosts on public share pages, never flags", () => {
    expect(sanitizeEnvironment({ a: request }, "public")).toEqual({
      a: "GET mb-r-baseline/lg-fortio:8080/fortio/rest/run?url=http://<host>:8080/echo&qps=100&c=4&t=10s",
    });
  });
});
