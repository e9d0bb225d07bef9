import { conflict, providerRefused } from '../../errors.js';
import { SANDBOXES } from '../../connectors/index.js';
import { performCall } from './call.js';
import { GatewayError } from './codes.js';
import { paramsFor } from './sampleParams.js';
import { summarize } from './summary.js';
import { Rng } from '../../sampleData/rng.js';
import type { ActionHandler } from '../../actions/types.js';

/**
 * The "test" action of a customer's service configuration (customerConfig/<service>): one real
 * call of the service's first operation with realistic input, for the configuration's organisation,
 * through the gateway's own path, so it is checked, metered and logged like any call and the
 * answer shows what the settings do (provider, quotas, validity, price).
 */
export const testServiceConfig: ActionHandler = async (ctx, access, record) => {
  const service = access.page.id.split('/')[1] ?? '';
  const connector = Object.hasOwn(SANDBOXES, service) ? SANDBOXES[service] : undefined;
  if (!connector) throw conflict('ops.server.actions.testNoService', { page: access.page.id });
  const operation = Object.keys(connector.operations)[0];
  const partyCode = String(record!.partyCode);
  const party = await ctx.database.core.selectFrom('sys_party').select('name').where('code', '=', partyCode).executeTakeFirst();
  const params = paramsFor(new Rng(Date.now()), service, operation, undefined, false);
  try {
    const answer = await performCall(ctx, {
      partyCode,
      partyName: party?.name ?? partyCode,
      appKey: null,
      service,
      operation,
      params,
      ip: '127.0.0.1',
      at: new Date(),
    });
    const shown = {
      operation: `${service}.${operation}`,
      requestId: answer.requestId,
      fee: (answer.feeFen / 100).toFixed(2),
      answer: summarize(answer.data) ?? '',
    };
    if (answer.result === 'success') return { message: 'ops.server.actions.testPassed', params: shown, answer: answer.data };
    throw providerRefused('ops.server.actions.testFailed', {
      ...shown,
      reason: String(answer.data.message ?? answer.data.errorCode ?? ''),
    });
  } catch (err) {
    // A refusal (service not opened, expired, over quota or balance) is the answer the test is for.
    if (err instanceof GatewayError)
      throw conflict('ops.server.actions.testRefused', { reason: { key: `gateway.codes.${err.code}`, params: err.params } });
    throw err;
  }
};
