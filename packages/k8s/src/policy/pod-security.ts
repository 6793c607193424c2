import { asList, asObj, asObjects, isSet, type Obj, quote } from "./shapes";

/**
 * The Kubernetes Pod Security Standards' "baseline" profile, as the apiserver's own
 * pod-security-admission (k8s.io/pod-security-admission, policy/check_*.go, version "latest")
 * implements it, for pod specs taken from user input. One deliberate difference: the procMount
 * relaxation for pods in a user namespace (`hostUsers: false`) depends on a feature gate of the
 * cluster, so it is not granted here.
 */
export const BASELINE_CAPABILITIES: ReadonlySet<string> = new Set([
  "AUDIT_WRITE",
  "CHOWN",
  "DAC_OVERRIDE",
  "FOWNER",
  "FSETID",
  "KILL",
  "MKNOD",
  "NET_BIND_SERVICE",
  "SETFCAP",
  "SETGID",
  "SETPCAP",
  "SETUID",
  "SYS_CHROOT",
]);

/** Namespaced sysctls isolated from other pods ("safe"), as of Kubernetes 1.32. */
export const BASELINE_SYSCTLS: ReadonlySet<string> = new Set([
  "kernel.shm_rmid_forced",
  "net.ipv4.ip_local_port_range",
  "net.ipv4.tcp_syncookies",
  "net.ipv4.ping_group_range",
  "net.ipv4.ip_unprivileged_port_start",
  "net.ipv4.ip_local_reserved_ports",
  "net.ipv4.tcp_keepalive_time",
  "net.ipv4.tcp_fin_timeout",
  "net.ipv4.tcp_keepalive_intvl",
  "net.ipv4.tcp_keepalive_probes",
  "net.ipv4.tcp_rmem",
  "net.ipv4.tcp_wmem",
]);

const SELINUX_TYPES = new Set([
  "",
  "container_t",
  "container_init_t",
  "container_kvm_t",
  "container_engine_t",
]);
const PROFILE_TYPES = new Set(["RuntimeDefault", "Localhost"]);
const APPARMOR_ANNOTATION = "container.apparmor.security.beta.kubernetes.io/";
const SECCOMP_POD_ANNOTATION = "seccomp.security.alpha.kubernetes.io/pod";
const SECCOMP_CONTAINER_ANNOTATION = "container.seccomp.security.alpha.kubernetes.io/";

const BASELINE = "Pod Security baseline";

/** Every container of a pod spec with how to name it: containers, init and ephemeral ones. */
export function podContainers(spec: Obj): { where: string; c: Obj }[] {
  const list = (field: string, label: string) =>
    asObjects(spec[field]).map((c) => ({ where: `${label} ${quote(c.name ?? "?")}`, c }));
  return [
    ...list("containers", "container"),
    ...list("initContainers", "init container"),
    ...list("ephemeralContainers", "ephemeral container"),
  ];
}

function contextProblems(where: string, sc: Obj | null): string[] {
  if (!sc) return [];
  const out: string[] = [];
  const seLinux = asObj(sc.seLinuxOptions);
  if (seLinux) {
    const type = typeof seLinux.type === "string" ? seLinux.type : "";
    if (!SELINUX_TYPES.has(type))
      out.push(
        `${where} sets seLinuxOptions.type ${quote(type)}: ${BASELINE} allows only container_t, container_init_t, container_kvm_t or container_engine_t; leave it out`,
      );
    if (isSet(seLinux.user) || isSet(seLinux.role))
      out.push(`${where} sets seLinuxOptions.user or .role: ${BASELINE} forbids it; leave it out`);
  }
  const seccomp = asObj(sc.seccompProfile);
  if (seccomp && !PROFILE_TYPES.has(seccomp.type as string))
    out.push(
      `${where} sets seccompProfile.type ${quote(seccomp.type ?? "")}: ${BASELINE} allows RuntimeDefault or Localhost; leave it out`,
    );
  const appArmor = asObj(sc.appArmorProfile);
  if (appArmor && !PROFILE_TYPES.has(appArmor.type as string))
    out.push(
      `${where} sets appArmorProfile.type ${quote(appArmor.type ?? "")}: ${BASELINE} allows RuntimeDefault or Localhost; leave it out`,
    );
  if (asObj(sc.windowsOptions)?.hostProcess === true)
    out.push(`${where} is a Windows HostProcess container: ${BASELINE} forbids host access`);
  return out;
}

function containerProblems(where: string, c: Obj): string[] {
  const sc = asObj(c.securityContext);
  const out = contextProblems(where, sc);
  if (sc?.privileged === true)
    out.push(`${where} is privileged: ${BASELINE} forbids privileged containers; remove it`);
  const added = asList(asObj(sc?.capabilities)?.add).map(String);
  const beyond = added.filter((cap) => !BASELINE_CAPABILITIES.has(cap));
  if (beyond.length)
    out.push(
      `${where} adds capabilities ${beyond.join(", ")}: ${BASELINE} allows adding only ${[...BASELINE_CAPABILITIES].join(", ")}`,
    );
  if (sc && sc.procMount !== undefined && sc.procMount !== null && sc.procMount !== "Default")
    out.push(
      `${where} sets procMount ${quote(sc.procMount)}: ${BASELINE} requires the Default /proc masks`,
    );
  const hostPorts = asObjects(c.ports)
    .map((p) => p.hostPort)
    .filter(isSet);
  if (hostPorts.length)
    out.push(
      `${where} uses hostPort ${hostPorts.join(", ")}: ${BASELINE} forbids host ports; reach it through a Service`,
    );
  return out;
}

function annotationProblems(annotations: Record<string, string>): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(annotations)) {
    if (
      key.startsWith(APPARMOR_ANNOTATION) &&
      !(value === "" || value === "runtime/default" || value.startsWith("localhost/"))
    )
      out.push(
        `annotation ${key}=${quote(value)}: ${BASELINE} allows only runtime/default or localhost/<profile>`,
      );
    if (
      (key === SECCOMP_POD_ANNOTATION || key.startsWith(SECCOMP_CONTAINER_ANNOTATION)) &&
      !(value === "runtime/default" || value === "docker/default" || value.startsWith("localhost/"))
    )
      out.push(
        `annotation ${key}=${quote(value)}: ${BASELINE} allows only runtime/default or localhost/<profile>`,
      );
  }
  return out;
}

/** What in a pod (its annotations and spec) breaks Pod Security "baseline"; empty when nothing. */
export function podSecurityProblems(pod: {
  annotations: Record<string, string>;
  spec: unknown;
}): string[] {
  const spec = asObj(pod.spec) ?? {};
  const out: string[] = [];
  for (const field of ["hostNetwork", "hostPID", "hostIPC"])
    if (spec[field] === true)
      out.push(
        `the pod sets ${field}: ${BASELINE} forbids sharing the node's namespaces; leave it out`,
      );
  const psc = asObj(spec.securityContext);
  out.push(...contextProblems("the pod", psc));
  const sysctls = asObjects(psc?.sysctls)
    .map((s) => String(s.name))
    .filter((name) => !BASELINE_SYSCTLS.has(name));
  if (sysctls.length)
    out.push(
      `the pod sets sysctls ${sysctls.join(", ")}: ${BASELINE} allows only the namespaced safe ones (${[...BASELINE_SYSCTLS].join(", ")})`,
    );
  for (const v of asObjects(spec.volumes))
    if (v.hostPath !== undefined && v.hostPath !== null)
      out.push(
        `volume ${quote(v.name ?? "?")} is a hostPath: ${BASELINE} forbids the node's files; use emptyDir, configMap or secret`,
      );
  for (const { where, c } of podContainers(spec)) out.push(...containerProblems(where, c));
  out.push(...annotationProblems(pod.annotations));
  return out;
}
