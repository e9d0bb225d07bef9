import type { AppContext } from '../../context.js';
import type { PageSchema } from '../../../engine/schema/types.js';
import { freightGenerators } from './freight.js';
import { orderAccountDemo } from './orderAccounts.js';

/**
 * Generated demo rows for pages that need more than a handful of examples (thousands of orders
 * and waybills). A generator runs when its page's table is created with demo data on; it must be
 * deterministic (a fixed seed) so every new demo database looks the same.
 */
export type DemoGenerator = (ctx: AppContext, page: PageSchema) => Promise<number>;

export const demoGenerators: Record<string, DemoGenerator> = {
  // Freight operations (tms/*) and payment reminders: one consistent dataset, see freight.ts.
  ...freightGenerators,
  'customerManage/orderAccount': orderAccountDemo,
};
