import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { operationFor } from '../../connectors/index.js';
import { InputError, type CallResult } from '../../connectors/types.js';
import { GatewayError } from './codes.js';
import { checkLowBalance } from './lowBalance.js';
import { reserve, settle, type Reservation } from './metering.js';
import { productOf } from './pricing.js';
import { countGatewayFailure, evaluateGatewayRisk } from './risk.js';
import { serviceSettings } from './serviceConfig.js';
import { summarize } from './summary.js';
import { smsRecipientRefusal } from './smsRecipient.js';
import { customerLimits, customerPolicyRefusal } from './customerPolicy.js';
import type { CallAnswer, GatewayCall } from './callTypes.js';

export type { CallAnswer, GatewayCall } from './callTypes.js';
import { withVerifyCache } from './verifyCache.js';

/** A call whose caller is known (authenticated, or the demo seeding acting for an app). */
/**
 * A call's id: a UUID of version 7 (RFC 9562), the time in milliseconds ahead of 74 random bits. The
 * call log and the consume log index it; ids in the order they are made are added at the end of
 * those indexes, where random ones (version 4) each dirtied a page of their own in every commit.
 */
export function newRequestId(now = Date.now()): string {
  const time = now.toString(16).padStart(12, '0');
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${randomUUID().slice(15)}`;
}

const bizNoOf = (params: Record<string, unknown>) => {
  const v = params.bizNo ?? params.waybillNo ?? params.contractNo;
  return typeof v === 'string' && v.length <= 64 ? v : null;
};

/** Logs a refused call (no charge) when the customer is known; returns the error to answer with. */
export async function logRefusal(
  ctx: AppContext,
  call: Omit<GatewayCall, 'params'> & { params?: Record<string, unknown> },
  err: GatewayError,
  started = Date.now(),
): Promise<GatewayError> {
  await settle(
    ctx,
    {
      partyCode: call.partyCode,
      service: call.service.slice(0, 40),
      api: call.operation.slice(0, 40),
      at: call.at,
      requestId: call.requestId ?? newRequestId(),
      bizNo: call.params ? bizNoOf(call.params) : null,
      appKey: call.appKey,
      ip: call.ip,
      result: 'refused',
      errorCode: err.code,
      durationMs: Date.now() - started,
      requestSummary: summarize(call.params),
      responseSummary: null,
    },
    null,
  );
  await countGatewayFailure(ctx, { partyCode: call.partyCode, partyName: call.partyName, ip: call.ip, at: call.at });
  return err;
}

/**
 * Everything after authentication: the service must be open and enabled, the risk rules must
 * pass, the quota and balance must allow the call (reserve), then the connector performs it and
 * the call is logged and settled. Throws a GatewayError for a refusal (logged, nothing charged).
 */
export async function performCall(ctx: AppContext, call: GatewayCall): Promise<CallAnswer> {
  const started = Date.now();
  const requestId = call.requestId ?? newRequestId();
  const refuse = async (err: GatewayError) => {
    throw await logRefusal(ctx, { ...call, requestId }, err, started);
  };
  const day = call.at.toISOString().slice(0, 10);
  const settings = await serviceSettings(ctx, call.partyCode, call.service, day);
  const operation = operationFor(call.service, call.operation, settings.connector);
  if (!operation)
    return refuse(new GatewayError('unknownOperation', { service: call.service.slice(0, 40), operation: call.operation.slice(0, 40) }));
  const product = await productOf(ctx, call.service, call.operation);
  if (!settings.enabled || (product && !product.online))
    return refuse(new GatewayError('serviceDisabled', { service: call.service, reason: settings.reason ?? 'offline' }));
  const verdict = await evaluateGatewayRisk(ctx, { partyCode: call.partyCode, partyName: call.partyName, ip: call.ip, at: call.at });
  if (verdict) return refuse(new GatewayError('riskRefused', { rule: verdict.rule.code }));
  const blocked = await smsRecipientRefusal(ctx, { ...call, requestId });
  if (blocked) return refuse(blocked);
  const byPolicy = await customerPolicyRefusal(ctx, call);
  if (byPolicy) return refuse(byPolicy);
  const limits = await customerLimits(ctx, call);

  let reservation: Reservation;
  try {
    reservation = await reserve(ctx, {
      partyCode: call.partyCode,
      service: call.service,
      api: call.operation,
      appKey: call.appKey,
      requestId,
      at: call.at,
      settings,
      product,
      limits,
    });
  } catch (err) {
    if (err instanceof GatewayError) return refuse(err);
    throw err;
  }
  if (reservation.balanceAfterFen !== null)
    await checkLowBalance(ctx, call.partyCode, reservation.balanceAfterFen, call.at, reservation.account ?? undefined);

  let result: CallResult;
  try {
    result = await withVerifyCache(
      ctx,
      call.partyCode,
      call.service,
      operation,
    )({
      ctx,
      partyCode: call.partyCode,
      service: call.service,
      operation: call.operation,
      params: call.params,
      requestId,
      at: call.at,
      settings,
    });
  } catch (err) {
    result =
      err instanceof InputError
        ? {
            ok: false,
            errorCode: `param.${err.field}.${err.problem}`,
            message: `${err.field} is ${err.problem === 'required' ? 'required' : 'not valid'}`,
          }
        : { ok: false, errorCode: 'connectorError', message: 'the provider could not perform the call' };
  }
  const { feeFen } = await settle(
    ctx,
    {
      partyCode: call.partyCode,
      service: call.service,
      api: call.operation,
      at: call.at,
      requestId,
      bizNo: bizNoOf(call.params),
      appKey: call.appKey,
      ip: call.ip,
      result: result.ok ? 'success' : 'failure',
      errorCode: result.ok ? null : result.errorCode,
      durationMs: Date.now() - started,
      requestSummary: summarize(call.params),
      responseSummary: summarize(result.ok ? result.data : { errorCode: result.errorCode, ...result.data }),
    },
    reservation,
  );
  if (result.ok) return { requestId, result: 'success', data: result.data, feeFen };
  await countGatewayFailure(ctx, { partyCode: call.partyCode, partyName: call.partyName, ip: call.ip, at: call.at });
  const code = result.errorCode.startsWith('param.')
    ? new GatewayError('badParams', { detail: result.message })
    : result.errorCode.startsWith('provider') || result.errorCode === 'connectorError'
      ? new GatewayError('providerFailed', { detail: result.message })
      : new GatewayError('operationFailed', { detail: result.message });
  return {
    requestId,
    result: 'failure',
    data: { errorCode: result.errorCode, message: result.message, ...(result.data ?? {}) },
    feeFen,
    code,
  };
}
