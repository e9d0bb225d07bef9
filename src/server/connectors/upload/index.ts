import type { CallInput, CallResult, ServiceConnector } from '../types.js';
import { failure, success } from '../types.js';
import { int, ref, seedOf, str } from '../sandbox.js';

/** File uploads (waybill photos, receipts) checked against size and extension rules. */
export interface UploadConnector {
  upload(input: CallInput): Promise<CallResult>;
}

const ALLOWED = ['jpg', 'jpeg', 'png', 'pdf'];

export const sandbox: UploadConnector = {
  async upload({ params, at }) {
    const fileName = str(params, 'fileName', { pattern: /^[^/\\]{1,120}\.[A-Za-z0-9]{1,8}$/ });
    const size = int(params, 'size', 1, 200 * 1024 * 1024);
    const ext = fileName.split('.').pop()!.toLowerCase();
    if (!ALLOWED.includes(ext)) return failure('extensionNotAllowed', `only ${ALLOWED.join(', ')} are accepted`);
    if (size > 20 * 1024 * 1024) return failure('tooLarge', 'files over 20 MB are refused');
    const id = ref('UP', seedOf(fileName, size, at.getTime()), at);
    return success({ fileId: id, url: `/files/sandbox/${id}.${ext}`, size });
  },
};

export const connector: ServiceConnector = { service: 'upload', operations: { upload: (i) => sandbox.upload(i) } };
