export {
  evaluateVerdict,
  type EvaluateVerdictInput,
  type VerdictOutcome,
} from "./evaluate-verdict";
export { judgeInterval } from "./decide";
export { groupCells } from "./cells";
export { trendValues, pooledValue, type TrendRunInput, type TrendValue } from "./trend";
