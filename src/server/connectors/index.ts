import type { Operation, ServiceConnector } from './types.js';
import { callHttp } from './http/index.js';
import { connector as alert } from './alert/index.js';
import { connector as bank } from './bank/index.js';
import { connector as push } from './push/index.js';
import { connector as ocr } from './ocr/index.js';
import { connector as etc } from './etc/index.js';
import { connector as insurance } from './insurance/index.js';
import { connector as goldField } from './goldField/index.js';
import { connector as license } from './license/index.js';
import { connector as objectStorage } from './objectStorage/index.js';
import { connector as vehicleTrack } from './vehicleTrack/index.js';
import { connector as sms } from './sms/index.js';
import { connector as upload } from './upload/index.js';
import { connector as uploadReferer } from './uploadReferer/index.js';
import { connector as vehicleCredit } from './vehicleCredit/index.js';
import { connector as verification } from './verification/index.js';
import { connector as fuelCard } from './fuelCard/index.js';
import { connector as eSign } from './eSign/index.js';
import { connector as interfaceDigest } from './interfaceDigest/index.js';

/** The sandbox connector of each of the 18 services; the HTTP adapter serves any operation a sandbox knows. */
export const SANDBOXES: Record<string, ServiceConnector> = Object.fromEntries(
  [
    alert,
    bank,
    push,
    ocr,
    etc,
    insurance,
    goldField,
    license,
    objectStorage,
    vehicleTrack,
    sms,
    upload,
    uploadReferer,
    vehicleCredit,
    verification,
    fuelCard,
    eSign,
    interfaceDigest,
  ].map((c) => [c.service, c]),
);

export const SERVICES = Object.keys(SANDBOXES);

/** The operation for a call, or null when the service or operation does not exist. */
export function operationFor(service: string, operation: string, connector: 'sandbox' | 'http'): Operation | null {
  const known = Object.hasOwn(SANDBOXES, service) && Object.hasOwn(SANDBOXES[service].operations, operation);
  if (!known) return null;
  return connector === 'http' ? callHttp : SANDBOXES[service].operations[operation];
}
