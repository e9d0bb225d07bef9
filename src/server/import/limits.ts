import type { ServerConfig } from '../config.js';

/**
 * How far an import may go in every dimension. Each bound is checked before the work it guards:
 * the ZIP directory's sizes before anything is inflated, the inflated bytes as they arrive, a row's
 * text before it is parsed, and rows and time as rows are read. A file over a bound is refused whole
 * with a message naming the bound, never with its content.
 */
export interface ImportLimits {
  /** Largest upload (IMPORT_MAX_MB). */
  maxBytes: number;
  /** Largest total a workbook's parts may inflate to: ten times the upload bound. */
  maxInflatedBytes: number;
  /** Data rows of one file (IMPORT_MAX_ROWS). */
  maxRows: number;
  /** Columns of a row that hold a value. */
  maxColumns: number;
  /** Characters of one cell: what a spreadsheet cell holds at most. */
  maxCellChars: number;
  /** Characters of one row's XML (its cells and their markup) before it is parsed. */
  maxRowChars: number;
  /** Time a file may take to be read and checked (IMPORT_MAX_SECONDS). */
  maxMs: number;
}

export const MAX_CELL_CHARS = 32_767;
export const MAX_COLUMNS = 256;

export function importLimits(config: Pick<ServerConfig, 'importMaxBytes' | 'importMaxRows' | 'importMaxSeconds'>): ImportLimits {
  return {
    maxBytes: config.importMaxBytes,
    maxInflatedBytes: config.importMaxBytes * 10,
    maxRows: config.importMaxRows,
    maxColumns: MAX_COLUMNS,
    maxCellChars: MAX_CELL_CHARS,
    maxRowChars: 4 * 1024 * 1024,
    maxMs: config.importMaxSeconds * 1000,
  };
}

/** A bound the file goes over: the message key and its parameters (never the file's content). */
export class ImportLimit extends Error {
  constructor(
    readonly key: string,
    readonly params: Record<string, unknown> = {},
    readonly status = 400,
  ) {
    super(key);
  }
}

export const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

export const inflatedTooLarge = (limits: ImportLimits) =>
  new ImportLimit('ops.server.import.inflatedTooLarge', { max: megabytes(limits.maxInflatedBytes) }, 413);
export const cellTooLong = (limits: ImportLimits) => new ImportLimit('ops.server.import.cellTooLong', { max: limits.maxCellChars });
export const tooManyColumns = (limits: ImportLimits) => new ImportLimit('ops.server.import.tooManyColumns', { max: limits.maxColumns });
