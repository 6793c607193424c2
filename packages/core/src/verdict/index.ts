export {
  evaluateVerdict,
  type EvaluateVerdictInput,
  type VerdictOutcome,
} from "./evaluate-verdict";
export { judgeInterval } from "./decide";
export { groupCells } from "./cells";
export {
  trendCells,
  trendValuesOfCells,
  pooledValue,
  type TrendCell,
  type TrendValue,
} from "./trend";
