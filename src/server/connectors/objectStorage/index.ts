import fs from 'node:fs/promises';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { CallInput, CallResult, ServiceConnector } from '../types.js';
import { failure, success } from '../types.js';
import { str } from '../sandbox.js';
import { storageTargetOf } from './target.js';

/** Object storage: put and get objects under a customer's bucket. */
export interface ObjectStorageConnector {
  put(input: CallInput): Promise<CallResult>;
  get(input: CallInput): Promise<CallResult>;
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9/_.-]{0,200}$/;

/**
 * The sandbox keeps objects under the customer's bucket, organisation and prefix (DATA_DIR/<bucket>/<party>/<pathPrefix>/,
 * customerConfig/objectStorage), else DATA_DIR/object-storage/<party>/, never outside it.
 */
function fileOf(input: CallInput, key: string): string {
  if (key.includes('..')) throw Object.assign(new Error('key'), { badKey: true });
  return path.join(storageTargetOf(input.ctx.config.dataDir, input.partyCode, input.settings.customerConfig).dir, key);
}

export const sandbox: ObjectStorageConnector = {
  async put(input) {
    const key = str(input.params, 'key', { pattern: KEY });
    const content = Buffer.from(str(input.params, 'contentBase64', { max: 2_000_000 }), 'base64');
    if (key.includes('..')) return failure('badKey', 'object keys may not contain ..');
    const file = fileOf(input, key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, content);
    return success({ key, size: content.length, etag: createHash('md5').update(content).digest('hex') });
  },
  async get(input) {
    const key = str(input.params, 'key', { pattern: KEY });
    if (key.includes('..')) return failure('badKey', 'object keys may not contain ..');
    try {
      const content = await fs.readFile(fileOf(input, key));
      return success({ key, size: content.length, contentBase64: content.toString('base64') });
    } catch {
      return failure('noSuchKey', 'no object with this key');
    }
  },
};

export const connector: ServiceConnector = {
  service: 'objectStorage',
  operations: { put: (i) => sandbox.put(i), get: (i) => sandbox.get(i) },
};
