export {
  evaluateVerdict,
  type EvaluateVerdictInput,
  type VerdictOutcome,
} from "./evaluate-verdict";
export { judgeInterval } from "./decide";
export { groupCells } from "./cells";
export {
  trendCells,
  trendValues,
  trendValuesOfCells,
  pooledValue,
  type TrendCell,
  type TrendRunInput,
  type TrendValue,
} from "./trend";
