import type { DemoGenerator } from '../db/demoGenerators.js';
import { freightGenerators } from './freight.js';
import { cloudPayGenerators } from './cloudPay.js';
import { locationGenerators } from './location.js';
import { taxGenerators } from './tax.js';
import { alctGenerators } from './alct.js';
import { ministryGenerators } from './ministry.js';
import { orderAccountDemo } from './orderAccounts.js';
import { walletLedgerPages, withWalletLedger } from './driverWallets.js';

/**
 * Every generated demo table's generator by page id, registered with the database layer by app.ts
 * (`registerDemoGenerators`), which runs them when it creates a page's table with demo data on.
 */
export const demoGenerators: Record<string, DemoGenerator> = {
  // Freight operations (tms/*) and payment reminders: one consistent dataset, see freight.ts.
  ...freightGenerators,
  // Cloud pay: balances and reconciliations that follow from the demo receipts and payments.
  ...cloudPayGenerators,
  // Location orders for demo waybills and the positions they received, see location.ts.
  ...locationGenerators,
  // Tax orders, declarations and aggregates derived from the settled waybills: see tax.ts.
  ...taxGenerators,
  // ALCT pushes and registrations of the demo customers' own freight, through the sandbox connector.
  ...alctGenerators,
  // Monitoring-system uploads of the demo customers' latest signed waybills and payments, through the sandbox.
  ...ministryGenerators,
  // Order accounts: recharges, deductions and refunds made through the accounts' own code.
  'customerManage/orderAccount': orderAccountDemo,
  // Driver wallets: the transferred loans and withdrawals, moved through the wallets' own code.
  ...Object.fromEntries(walletLedgerPages.map((id) => [id, withWalletLedger(id, freightGenerators[id])])),
};
