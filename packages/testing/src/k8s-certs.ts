import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export type TestCertificates = {
  dir: string;
  ca: string;
  caKey: string;
  serverCert: string;
  serverKey: string;
  adminCert: string;
  adminKey: string;
  saKey: string;
  saPub: string;
};

const openssl = (args: string[], cwd: string) =>
  execFileSync("openssl", args, { cwd, stdio: ["ignore", "ignore", "pipe"] });

/** A certificate signed by the test CA: for 127.0.0.1 servers (sans) or a client user (cn, org). */
export function signCertificate(
  certs: Pick<TestCertificates, "dir" | "ca" | "caKey">,
  name: string,
  subject: { cn: string; org?: string; sans?: string[] },
) {
  const { dir } = certs;
  const key = path.join(dir, `${name}.key`);
  const csr = path.join(dir, `${name}.csr`);
  const cert = path.join(dir, `${name}.crt`);
  const ext = path.join(dir, `${name}.ext`);
  const subj = `/CN=${subject.cn}${subject.org ? `/O=${subject.org}` : ""}`;
  openssl(
    ["req", "-new", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", csr, "-subj", subj],
    dir,
  );
  writeFileSync(
    ext,
    subject.sans
      ? `basicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth,clientAuth\nsubjectAltName=${subject.sans.join(",")}\n`
      : `basicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=clientAuth\n`,
  );
  openssl(
    [
      "x509",
      "-req",
      "-in",
      csr,
      "-CA",
      certs.ca,
      "-CAkey",
      certs.caKey,
      "-CAcreateserial",
      "-out",
      cert,
      "-days",
      "2",
      "-sha256",
      "-extfile",
      ext,
    ],
    dir,
  );
  return { cert, key };
}

/** `extraServerSans` (e.g. `IP:10.250.0.2`) for an apiserver bound to another address than loopback. */
export function makeCertificates(dir: string, extraServerSans: string[] = []): TestCertificates {
  const ca = path.join(dir, "ca.crt");
  const caKey = path.join(dir, "ca.key");
  openssl(
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      caKey,
      "-out",
      ca,
      "-days",
      "2",
      "-subj",
      "/CN=meshbench-test-ca",
    ],
    dir,
  );
  const base = { dir, ca, caKey };
  const server = signCertificate(base, "apiserver", {
    cn: "kube-apiserver",
    sans: [
      "IP:127.0.0.1",
      "DNS:localhost",
      "DNS:kubernetes",
      "DNS:kubernetes.default.svc",
      "IP:10.0.0.1",
      ...extraServerSans,
    ],
  });
  const admin = signCertificate(base, "admin", { cn: "admin", org: "system:masters" });
  const saKey = path.join(dir, "sa.key");
  const saPub = path.join(dir, "sa.pub");
  openssl(["genrsa", "-out", saKey, "2048"], dir);
  openssl(["rsa", "-in", saKey, "-pubout", "-out", saPub], dir);
  return {
    ...base,
    serverCert: server.cert,
    serverKey: server.key,
    adminCert: admin.cert,
    adminKey: admin.key,
    saKey,
    saPub,
  };
}

/** A kubeconfig for a client-certificate user of the test cluster (for RBAC tests). */
export function userKubeconfig(
  server: string,
  certs: TestCertificates,
  user: { cn: string; org?: string },
) {
  const signed = signCertificate(certs, `user-${user.cn}`, user);
  const b64 = (f: string) => readFileSync(f).toString("base64");
  return `apiVersion: v1
kind: Config
clusters:
- name: testenv
  cluster: { server: "${server}", certificate-authority-data: ${b64(certs.ca)} }
users:
- name: ${user.cn}
  user: { client-certificate-data: ${b64(signed.cert)}, client-key-data: ${b64(signed.key)} }
contexts:
- name: ${user.cn}
  context: { cluster: testenv, user: ${user.cn} }
current-context: ${user.cn}
`;
}
