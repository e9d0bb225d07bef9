import type { Area } from '../area.js';
import { alctActions } from './actions.js';
import { alctPushPending } from './pushPending.js';
import { alctGenerators } from './demo.js';

/** ALCT: shipments pushed to and registrations with the logistics credit platform, through its connector. */
export const alct: Area = { name: 'alct', actions: alctActions, jobs: { alctPushPending }, demo: alctGenerators };
