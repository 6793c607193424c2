import { describe, expect, it } from "vitest";
import { reportView, sanitizeEnvironment } from "./sanitize";

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

describe("reportView", () => {
  const report = {
    run: {
      title: "nightly https://ci:tok3n@ci.example/job/1",
      gitRepo: "https://user:tok3n@github.com/x/y.git",
      gitBranch: "main",
      createdAt: new Date(0),
    },
    trials: [{ failureReason: "GET https://svc.internal/x?access_token=tok3n&q=1: 503", qps: -1 }],
    environment: { fingerprint: { fortioArgs: ["-H", "Authorization: Bearer tok3n"] } },
  };

  it("public: no credentials and no hosts in any text, shape and values kept", () => {
    const shown = reportView(report, "public");
    expect(JSON.stringify(shown)).not.toMatch(/tok3n|github\.com|svc\.internal|ci\.example/);
    expect(shown.run).toEqual({
      title: "nightly https://<host>/job/1",
      gitRepo: "https://<host>/x/y.git",
      gitBranch: "main",
      createdAt: new Date(0),
    });
    expect(shown.trials[0]).toEqual({
      failureReason: "GET https://<host>/x?access_token=[redacted]&q=1: 503",
      qps: -1,
    });
    expect(shown.environment.fingerprint.fortioArgs).toEqual(["-H", "[redacted]"]);
  });

  it("members: credentials inside URLs removed, hosts and the rest kept", () => {
    const shown = reportView(report, "member");
    expect(shown.run.gitRepo).toBe("https://github.com/x/y.git");
    expect(shown.trials[0]!.failureReason).toBe(
      "GET https://svc.internal/x?access_token=[redacted]&q=1: 503",
    );
    const clean = { run: { title: "plain", n: [1, 2, 3] } };
    expect(reportView(clean, "member")).toBe(clean); // nothing to change: no copy
  });

  it("removes userinfo of any scheme", () => {
    expect(reportView("ssh://git:tok3n@git.example/x postgres://u:tok3n@db/x", "member")).toBe(
      "ssh://git.example/x postgres://db/x",
    );
  });
});
