import type { Area } from '../area.js';
import { taxActions } from './declare.js';
import { taxAggregation } from './aggregation.js';
import { taxGenerators } from './demo.js';

/** Tax: declarations through the tax connector, the monthly aggregation and the income cap it reads. */
export const tax: Area = { name: 'tax', actions: taxActions, jobs: { taxAggregation }, demo: taxGenerators };
