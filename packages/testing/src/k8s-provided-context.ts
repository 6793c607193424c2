// What the cluster suite's global setup hands to test files.
declare module "vitest" {
  export interface ProvidedContext {
    k8sKubeconfig: string;
    k8sServer: string;
    /** host:port of kwok's kubelet emulation. */
    k8sKwokAddress: string;
    /** JSON of TestCertificates (paths in the testenv dir). */
    k8sCerts: string;
    k8sBinDir: string;
    k8sNodes: string[];
  }
}
export {};
