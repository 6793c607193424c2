/**
 * kwok's configuration for the test cluster: the fast Stage set (pod completion delayed so a
 * trial's pod is Running long enough to be sampled and to get its log file), plus kubelet
 * `/metrics/resource` emulation (Metric) fed by per-pod usage (ClusterResourceUsage).
 */
export function kwokConfig(stages: string, podCompleteDelayMs: number) {
  const delayed = stages.replace(
    /(name: pod-complete\nspec:\n)/,
    `$1  delay:\n    durationMilliseconds: ${podCompleteDelayMs}\n`,
  );
  if (delayed === stages) throw new Error("kwok stages: pod-complete stage not found");
  return [delayed.trimEnd(), USAGE, METRICS].join("\n---\n") + "\n";
}

const USAGE = `apiVersion: kwok.x-k8s.io/v1alpha1
kind: ClusterResourceUsage
metadata:
  name: usage-from-annotation
spec:
  usages:
  - usage:
      cpu:
        expression: |
          "kwok.x-k8s.io/usage-cpu" in pod.metadata.annotations
          ? Quantity(pod.metadata.annotations["kwok.x-k8s.io/usage-cpu"])
          : Quantity("10m")
      memory:
        expression: |
          "kwok.x-k8s.io/usage-memory" in pod.metadata.annotations
          ? Quantity(pod.metadata.annotations["kwok.x-k8s.io/usage-memory"])
          : Quantity("16Mi")`;

const METRICS = `apiVersion: kwok.x-k8s.io/v1alpha1
kind: Metric
metadata:
  name: metrics-resource
spec:
  path: "/metrics/nodes/{nodeName}/metrics/resource"
  metrics:
  - name: container_start_time_seconds
    dimension: container
    help: Start time of the container since unix epoch in seconds
    kind: gauge
    labels:
    - { name: container, value: 'container.name' }
    - { name: namespace, value: 'pod.metadata.namespace' }
    - { name: pod, value: 'pod.metadata.name' }
    value: 'pod.SinceSecond()'
  - name: container_cpu_usage_seconds_total
    dimension: container
    help: Cumulative cpu time consumed by the container in core-seconds
    kind: counter
    labels:
    - { name: container, value: 'container.name' }
    - { name: namespace, value: 'pod.metadata.namespace' }
    - { name: pod, value: 'pod.metadata.name' }
    value: 'pod.CumulativeUsage("cpu", container.name)'
  - name: container_memory_working_set_bytes
    dimension: container
    help: Current working set of the container in bytes
    kind: gauge
    labels:
    - { name: container, value: 'container.name' }
    - { name: namespace, value: 'pod.metadata.namespace' }
    - { name: pod, value: 'pod.metadata.name' }
    value: 'pod.Usage("memory", container.name)'`;
