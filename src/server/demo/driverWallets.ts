import { sql } from 'kysely';
import type { AppContext } from '../context.js';
import type { DemoGenerator } from '../db/demoGenerators.js';
import { freightDataset } from './freight.js';
import { moveDriverWallet } from '../data/driverWallet.js';

/** The pages whose rows the wallets' ledger needs: the drivers, the transfer requests and the loans' waybills. */
const NEEDS = ['tms/base/driver', 'tms/account/LoanList', 'tms/waybill/waybill'];
const filled = new WeakMap<AppContext, Set<string>>();

/**
 * Every transferred loan and withdrawal of the demo moves its driver's wallet through the wallet's
 * own code (the console's transfer calls the same), in the order the money moved, so each balance is
 * exactly its ledger and a withdrawal that would overdraw would stop the seed. Runs once the last of
 * the pages it needs has its rows, whichever order the pages are filled in.
 */
async function writeWalletLedger(ctx: AppContext): Promise<void> {
  const moves = (freightDataset(ctx).tables['tms/account/LoanList'] ?? [])
    .filter((r) => r.status === 'transferred' && (r.applyType === 'withdraw' || r.applyType === 'driverLoan'))
    .sort((a, b) => String(a.transferredAt).localeCompare(String(b.transferredAt)));
  const db = ctx.database.db;
  await db.transaction().execute(async (trx) => {
    for (const r of moves) {
      await moveDriverWallet(trx, 'system', {
        driverIdcard: String(r.driverIdcard),
        partyCode: String(r.partyCode),
        type: r.applyType === 'withdraw' ? 'withdraw' : 'loan',
        amountFen: Number(r.amountFen),
        applyNo: String(r.applyNo),
        bankSerialNo: r.bankSerialNo as string | null,
        waybillNo: r.waybillNo as string | null,
        at: new Date(String(r.transferredAt)),
      });
    }
    // Every driver has a wallet number and a balance, moved or not.
    const number =
      ctx.database.dialect === 'postgres'
        ? sql<string>`'QB' || lpad(id::text, 12, '0')`
        : sql<string>`'QB' || substr('000000000000' || id, -12, 12)`;
    await trx.updateTable('tms_driver').set({ walletNo: number }).where('walletNo', 'is', null).execute();
    await trx.updateTable('tms_driver').set({ walletFen: 0 }).where('walletFen', 'is', null).execute();
  });
}

/** Wraps the generator of one of the pages the ledger needs: the last of them to be filled writes the ledger. */
export function withWalletLedger(pageId: string, generate: DemoGenerator): DemoGenerator {
  return async (ctx, page) => {
    const n = await generate(ctx, page);
    const done = filled.get(ctx) ?? filled.set(ctx, new Set()).get(ctx)!;
    done.add(pageId);
    if (NEEDS.every((p) => done.has(p))) await writeWalletLedger(ctx);
    return n;
  };
}

export const walletLedgerPages = NEEDS;
