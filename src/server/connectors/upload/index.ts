import type { CallInput, CallResult, ServiceConnector } from '../types.js';
import { failure, success } from '../types.js';
import { int, ref, seedOf, str } from '../sandbox.js';
import { uploadPolicy } from '../customerRules.js';

/** File uploads (waybill photos, receipts) checked against size and extension rules. */
export interface UploadConnector {
  upload(input: CallInput): Promise<CallResult>;
}

const ALLOWED = ['jpg', 'jpeg', 'png', 'pdf'];
const MAX_BYTES = 20 * 1024 * 1024;

/** The platform's rules unless the customer's upload configuration (customerConfig/upload) sets its own. */
export const sandbox: UploadConnector = {
  async upload({ params, at, settings }) {
    const fileName = str(params, 'fileName', { pattern: /^[^/\\]{1,120}\.[A-Za-z0-9]{1,8}$/ });
    const size = int(params, 'size', 1, 1024 * 1024 * 1024);
    const ext = fileName.split('.').pop()!.toLowerCase();
    const policy = uploadPolicy(settings.customerConfig);
    const allowed = policy?.allowedExt.length ? policy.allowedExt : ALLOWED;
    const maxBytes = policy?.maxBytes ?? MAX_BYTES;
    const maxLabel = policy?.maxLabel ?? '20 MB';
    // Named as parameter errors so the caller gets a 400 naming the rule.
    if (!allowed.includes(ext))
      return failure('param.fileName.extensionNotAllowed', `extension .${ext} is refused; allowed: ${allowed.join(', ')}`);
    if (size > maxBytes) return failure('param.size.tooLarge', `the file is larger than the limit of ${maxLabel}`);
    const id = ref('UP', seedOf(fileName, size, at.getTime()), at);
    return success({ fileId: id, url: `/files/sandbox/${id}.${ext}`, size, maxSize: maxLabel });
  },
};

export const connector: ServiceConnector = { service: 'upload', operations: { upload: (i) => sandbox.upload(i) } };
