export { countTrials, expandLoadCells, expandTrials, type TLoadCell } from "./expand-trials";
export { planTrials, type TInterleaving, type TPlannedTrial } from "./interleave";
export { splitLoad, type GeneratorLoad } from "./split-load";
export {
  DEFAULT_OVERHEADS,
  estimateRunSeconds,
  trialTimeoutSeconds,
  type TOverheads,
} from "./estimate";
export {
  AUTO_GENERATORS_RISE_PERCENT,
  autoGeneratorProbe,
  nextGeneratorCount,
  type GeneratorDecision,
  type GeneratorProbe,
} from "./auto-generators";
