/** RFC 4180 quoting; a leading = + - @ is neutralised so a spreadsheet never runs a cell as a formula. */
export function csvCell(v: string | number | null): string {
  if (v === null) return '';
  let s = String(v);
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvLine = (cells: (string | number | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** Excel opens UTF-8 CSV correctly only with a byte-order mark. */
export const CSV_BOM = '\uFEFF';
