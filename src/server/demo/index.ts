import type { DemoGenerator } from '../db/demoGenerators.js';
import { freightGenerators } from './freight.js';
import { orderAccountDemo } from './orderAccounts.js';
import { walletLedgerPages, withWalletLedger } from './driverWallets.js';

/**
 * Every generated demo table's generator by page id, registered with the database layer by app.ts
 * (`registerDemoGenerators`), which runs them when it creates a page's table with demo data on.
 */
export const demoGenerators: Record<string, DemoGenerator> = {
  // Freight operations (tms/*) and payment reminders: one consistent dataset, see freight.ts.
  ...freightGenerators,
  // Order accounts: recharges, deductions and refunds made through the accounts' own code.
  'customerManage/orderAccount': orderAccountDemo,
  // Driver wallets: the transferred loans and withdrawals, moved through the wallets' own code.
  ...Object.fromEntries(walletLedgerPages.map((id) => [id, withWalletLedger(id, freightGenerators[id])])),
};
