// The gateway's entry: what the other areas use of it, one metered call and its refusals. It exports
// no Area: its route, actions, jobs and demo calls are registered with the generic ones
// (docs/ARCHITECTURE.md, "Business areas").
export { performCall, type CallAnswer, type GatewayCall } from './call.js';
export { GatewayError, type GatewayCode } from './codes.js';
