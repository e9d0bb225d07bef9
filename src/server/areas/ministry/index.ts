import type { Area } from '../area.js';
import { ministryActions } from './actions.js';
import { ministryUpload } from './upload.js';
import { ministryGenerators } from './demo.js';

/** Ministry: waybill and payment uploads to the monitoring system, by hand and by the scheduled job. */
export const ministry: Area = { name: 'ministry', actions: ministryActions, jobs: { ministryUpload }, demo: ministryGenerators };
