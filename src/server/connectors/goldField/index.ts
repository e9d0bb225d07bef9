import type { CallInput, CallResult, ServiceConnector } from '../types.js';
import { success } from '../types.js';
import { ref, seedOf, str } from '../sandbox.js';

/** The gold-field (金域) service: an enterprise record lookup; only the common configuration applies. */
export interface GoldFieldConnector {
  query(input: CallInput): Promise<CallResult>;
}

export const sandbox: GoldFieldConnector = {
  async query({ params, at }) {
    const keyword = str(params, 'keyword', { max: 60 });
    const seed = seedOf(keyword);
    return success({ queryId: ref('JY', seed, at), keyword, matched: seed % 4 !== 0, records: seed % 4 === 0 ? 0 : 1 + (seed % 3) });
  },
};

export const connector: ServiceConnector = { service: 'goldField', operations: { query: (i) => sandbox.query(i) } };
