import { createHash } from 'node:crypto';
import type { CallInput, CallResult, ServiceConnector } from '../types.js';
import { success } from '../types.js';
import { str } from '../sandbox.js';
import { sm3 } from '../../security/sm3.js';

/** Digests of documents, for customers who anchor files by hash (the same algorithms the gateway signs with). */
export interface InterfaceDigestConnector {
  digest(input: CallInput): Promise<CallResult>;
}

export const sandbox: InterfaceDigestConnector = {
  async digest({ params }) {
    const text = str(params, 'text', { max: 100_000 });
    const algorithm = str(params, 'algorithm', { pattern: /^(sha256|sm3|md5)$/, optional: true }) || 'sha256';
    const value = algorithm === 'sm3' ? sm3(text).toString('hex') : createHash(algorithm).update(text).digest('hex');
    return success({ algorithm, digest: value, length: Buffer.byteLength(text) });
  },
};

export const connector: ServiceConnector = { service: 'interfaceDigest', operations: { digest: (i) => sandbox.digest(i) } };
