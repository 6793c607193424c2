export {
  classifyAddress,
  judgeAddress,
  OUTBOUND_POLICY_MODES,
  parseAddress,
  parseOutboundPolicy,
  type AddressClass,
  type OutboundPolicy,
  type OutboundPolicyMode,
} from "./policy";
export {
  checkOutboundUrl,
  OutboundRefusedError,
  resolveAllowed,
  systemResolver,
  type Resolver,
} from "./resolve";
export {
  createOutboundAgent,
  DEFAULT_MAX_RESPONSE_BYTES,
  type OutboundAgentOptions,
} from "./dispatcher";
export { describeOutboundError, outboundGet, outboundPost, type OutboundResponse } from "./fetch";
