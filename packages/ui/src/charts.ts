/** Client-only chart components (Recharts); import from "@meshbench/ui/charts". */
export { SeriesLineChart, type ChartSeries, type XY } from "./charts/line-chart";
export { DistributionCharts } from "./charts/distribution-charts";
export { LoadCharts } from "./charts/load-charts";
export { exportPng, exportSvg } from "./export-image";
export { TrendChart, type TrendAxis, type TrendChartProps } from "./charts/trend-chart";
export { MeanSdBars } from "./charts/mean-sd-bars";
export { meanSdLevel, type MeanSdLevel } from "./charts/mean-sd-level";
export { compactCurves } from "./charts/compact-curves";
export { RateOverTimeChart, rateChartSeries } from "./charts/rate-chart";
export {
  LatencyVsConnections,
  LoadCurveCharts,
  ResourcesVsRps,
  ThroughputVsConnections,
} from "./charts/report-charts";
