/**
 * The largest page the API serves and the list offers. A result of up to 10,000 rows fits on one
 * page, which the list virtualises and then sorts in the browser (engine/data/sortRecords.ts).
 */
export const MAX_PAGE_SIZE = 10_000;

export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100, 200, 1_000, 10_000];
