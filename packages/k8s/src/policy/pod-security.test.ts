import { describe, expect, it } from "vitest";
import { BASELINE_CAPABILITIES, BASELINE_SYSCTLS, podSecurityProblems } from "./pod-security";

const app = { name: "app", image: "fortio/fortio:1.68.2" };
const check = (spec: object, annotations: Record<string, string> = {}) =>
  podSecurityProblems({ annotations, spec });
const withContainer = (c: object, field = "containers") => ({
  containers: [app],
  [field]: [{ name: "x", image: "busybox", ...c }],
});

describe("Pod Security baseline (as pod-security-admission implements it)", () => {
  it("passes the default, minimally specified pod and every value baseline allows", () => {
    expect(check({ containers: [app] })).toEqual([]);
    const allowed = {
      hostNetwork: false,
      hostPID: false,
      hostIPC: false,
      securityContext: {
        seccompProfile: { type: "RuntimeDefault" },
        appArmorProfile: { type: "Localhost", localhostProfile: "p" },
        seLinuxOptions: { type: "container_t", level: "s0:c1" },
        sysctls: [...BASELINE_SYSCTLS].map((name) => ({ name, value: "1" })),
        windowsOptions: { hostProcess: false },
        runAsUser: 0,
      },
      volumes: [
        { name: "scratch", emptyDir: {} },
        { name: "cm", configMap: { name: "c" } },
      ],
      containers: [
        {
          ...app,
          ports: [{ containerPort: 8080, hostPort: 0 }],
          securityContext: {
            privileged: false,
            allowPrivilegeEscalation: true,
            capabilities: { add: [...BASELINE_CAPABILITIES], drop: ["ALL"] },
            procMount: "Default",
            seccompProfile: { type: "Localhost", localhostProfile: "x.json" },
            seLinuxOptions: { type: "container_init_t" },
          },
        },
      ],
    };
    expect(check(allowed)).toEqual([]);
    expect(
      check(
        { containers: [app] },
        {
          "container.apparmor.security.beta.kubernetes.io/app": "runtime/default",
          "seccomp.security.alpha.kubernetes.io/pod": "localhost/profile.json",
        },
      ),
    ).toEqual([]);
  });

  // Each forbidden shape, in containers, init containers and ephemeral containers alike.
  const containerShapes: [string, object, RegExp][] = [
    ["privileged", { securityContext: { privileged: true } }, /is privileged/],
    [
      "capabilities beyond baseline",
      { securityContext: { capabilities: { add: ["NET_ADMIN", "CHOWN", "SYS_ADMIN"] } } },
      /adds capabilities NET_ADMIN, SYS_ADMIN/,
    ],
    ["NET_RAW", { securityContext: { capabilities: { add: ["NET_RAW"] } } }, /NET_RAW/],
    ["a host port", { ports: [{ containerPort: 80, hostPort: 80 }] }, /hostPort 80/],
    ["procMount Unmasked", { securityContext: { procMount: "Unmasked" } }, /procMount "Unmasked"/],
    [
      "seccomp Unconfined",
      { securityContext: { seccompProfile: { type: "Unconfined" } } },
      /seccompProfile.type "Unconfined"/,
    ],
    [
      "AppArmor Unconfined",
      { securityContext: { appArmorProfile: { type: "Unconfined" } } },
      /appArmorProfile.type "Unconfined"/,
    ],
    [
      "an SELinux type",
      { securityContext: { seLinuxOptions: { type: "spc_t" } } },
      /seLinuxOptions.type "spc_t"/,
    ],
    [
      "an SELinux user",
      { securityContext: { seLinuxOptions: { user: "system_u" } } },
      /seLinuxOptions.user or .role/,
    ],
    [
      "an SELinux role",
      { securityContext: { seLinuxOptions: { role: "sysadm_r" } } },
      /seLinuxOptions.user or .role/,
    ],
    [
      "a Windows HostProcess",
      { securityContext: { windowsOptions: { hostProcess: true } } },
      /HostProcess/,
    ],
  ];
  for (const field of ["containers", "initContainers", "ephemeralContainers"])
    it.each(containerShapes)(`refuses ${field} with %s`, (_, shape, message) => {
      const problems = check(withContainer(shape, field));
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(message);
      const label = { containers: "container", initContainers: "init container" }[field];
      expect(problems[0]).toContain(`${label ?? "ephemeral container"} "x"`);
    });

  const podShapes: [string, object, RegExp][] = [
    ["hostNetwork", { hostNetwork: true }, /sets hostNetwork/],
    ["hostPID", { hostPID: true }, /sets hostPID/],
    ["hostIPC", { hostIPC: true }, /sets hostIPC/],
    [
      "a hostPath volume",
      { volumes: [{ name: "root", hostPath: { path: "/" } }] },
      /volume "root" is a hostPath/,
    ],
    [
      "an unsafe sysctl",
      { securityContext: { sysctls: [{ name: "kernel.core_pattern", value: "|/x" }] } },
      /sysctls kernel.core_pattern/,
    ],
    [
      "pod seccomp Unconfined",
      { securityContext: { seccompProfile: { type: "Unconfined" } } },
      /the pod sets seccompProfile.type/,
    ],
    [
      "pod AppArmor Unconfined",
      { securityContext: { appArmorProfile: { type: "Unconfined" } } },
      /the pod sets appArmorProfile.type/,
    ],
    [
      "pod SELinux type",
      { securityContext: { seLinuxOptions: { type: "unconfined_t" } } },
      /the pod sets seLinuxOptions.type/,
    ],
    [
      "pod HostProcess",
      { securityContext: { windowsOptions: { hostProcess: true } } },
      /the pod is a Windows HostProcess/,
    ],
  ];
  it.each(podShapes)("refuses a pod with %s", (_, shape, message) => {
    const problems = check({ containers: [app], ...shape });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });

  it("refuses the profile annotations baseline forbids", () => {
    const problems = check(
      { containers: [app] },
      {
        "container.apparmor.security.beta.kubernetes.io/app": "unconfined",
        "seccomp.security.alpha.kubernetes.io/pod": "unconfined",
        "container.seccomp.security.alpha.kubernetes.io/app": "unconfined",
      },
    );
    expect(problems).toHaveLength(3);
    for (const p of problems) expect(p).toMatch(/runtime\/default or localhost/);
  });

  it("reports every problem of a pod at once, and tolerates any shape of input", () => {
    const attack = {
      hostPID: true,
      volumes: [{ name: "root", hostPath: { path: "/" } }],
      containers: [{ ...app, securityContext: { privileged: true } }],
    };
    expect(check(attack)).toHaveLength(3);
    expect(check("not a spec" as unknown as object)).toEqual([]);
    expect(check({ containers: "x", volumes: [null, 3] })).toEqual([]);
  });
});
