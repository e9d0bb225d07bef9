/**
 * Spec §2.6: the to-do counters and the pages they open, in the spec's order. The server counts
 * the target page's to-do records (the page id is the target path); the console shows the counts.
 */
export const TODO_TARGETS: readonly (readonly [string, string])[] = [
  ['valuating_count', '/tms/Carrier/freight'],
  ['auth_shipper_count', '/tms/review/shipperReview?todo=1'],
  ['auth_count', '/tms/review/carrierReview?todo=1'],
  ['miss_order_count', '/tms/order/order_manage?todo=1'],
  ['remit_count', '/tms/Carrier/Approval'],
  ['urge_remit_count', '/systemManage/news/paymentRecords?todo=1'],
  ['transport_abnormal_count', '/tms/CustomerService/AbnormalTran?todo=1'],
  ['transfer_apply_count', '/tms/account/LoanList?todo=1'],
  ['auth_order_count', '/tms/order/cargoaudit'],
  ['need_invoice', '/tms/invoice/drawInvoice?todo=1'],
];

export const pageIdOf = (target: string) => target.split('?')[0].replace(/^\//, '');

/** SWR key of the counts, shared by the header shortcuts, the dashboard and the lists that change them. */
export const TODO_COUNT_KEY = 'todo-count';
