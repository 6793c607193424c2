{{- define "meshbench.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "meshbench.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end -}}

{{/* selector labels of one component: include "meshbench.selector" (list . "web") */}}
{{- define "meshbench.selector" -}}
{{- $ := index . 0 -}}
app.kubernetes.io/name: {{ $.Chart.Name }}
app.kubernetes.io/instance: {{ $.Release.Name }}
app.kubernetes.io/component: {{ index . 1 }}
{{- end -}}

{{/* image of one component: include "meshbench.image" (list . .Values.web.image) */}}
{{- define "meshbench.image" -}}
{{- $ := index . 0 -}}
{{- $img := index . 1 -}}
{{- printf "%s/%s:%s" $.Values.image.registry $img.name (default (default $.Chart.AppVersion $.Values.image.tag) $img.tag) -}}
{{- end -}}

{{- define "meshbench.secretName" -}}
{{- default (include "meshbench.fullname" .) .Values.secrets.existingSecret -}}
{{- end -}}

{{- define "meshbench.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "meshbench.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{- define "meshbench.baseUrl" -}}
{{- if .Values.baseUrl -}}
{{- .Values.baseUrl -}}
{{- else if .Values.ingress.enabled -}}
{{- printf "https://%s" .Values.ingress.host -}}
{{- else -}}
http://localhost:8080
{{- end -}}
{{- end -}}

{{/* The chart's own Secret data (DATABASE_URL and keys), shared by the Secret and the hook Secret. */}}
{{- define "meshbench.secretData" -}}
{{- $existing := (lookup "v1" "Secret" .Release.Namespace (include "meshbench.fullname" .)) | default dict -}}
{{- $data := get $existing "data" | default dict -}}
{{- $url := required "database.url is required (the external PostgreSQL URL), or set secrets.existingSecret" .Values.database.url -}}
DATABASE_URL: {{ $url | b64enc | quote }}
BETTER_AUTH_SECRET: {{ .Values.secrets.authSecret | b64enc | default (get $data "BETTER_AUTH_SECRET") | default (randAlphaNum 48 | b64enc) | quote }}
MESHBENCH_ENCRYPTION_KEYS: {{ .Values.secrets.encryptionKeys | b64enc | default (get $data "MESHBENCH_ENCRYPTION_KEYS") | default (printf "k1:%s" (randAlphaNum 32 | b64enc) | b64enc) | quote }}
MESHBENCH_METRICS_TOKEN: {{ .Values.secrets.metricsToken | b64enc | default (get $data "MESHBENCH_METRICS_TOKEN") | default (randAlphaNum 40 | b64enc) | quote }}
{{- end -}}

{{- define "meshbench.podSecurity" -}}
securityContext:
  {{- toYaml .Values.podSecurityContext | nindent 2 }}
{{- with .Values.image.pullSecrets }}
imagePullSecrets:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end -}}

{{/* Cluster-reaching rules shared by web and worker: outbound allowance, in-cluster workspaces. */}}
{{- define "meshbench.clusterEnv" -}}
{{- if .Values.inCluster.enabled }}
{{- if not .Values.inCluster.workspaces }}
{{- fail "inCluster.enabled needs inCluster.workspaces: the ids of the workspaces allowed to use it" }}
{{- end }}
- name: MESHBENCH_IN_CLUSTER_WORKSPACES
  value: {{ join "," .Values.inCluster.workspaces | quote }}
{{- end }}
{{- with .Values.outbound.allow }}
- name: MESHBENCH_OUTBOUND_ALLOW
  value: {{ join "," . | quote }}
{{- end }}
{{- end -}}
