// The gzip size a file is sent with, for the bundle figures and the anchor comparison alike.
import fs from 'node:fs';
import zlib from 'node:zlib';

const gzipCache = new Map<string, number>();

/** Level 9, as scripts/precompress.mjs writes the .gz files the server sends (and the anchor's server too). */
export function gzipBytes(file: string): number {
  let n = gzipCache.get(file);
  if (n === undefined) {
    n = zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
    gzipCache.set(file, n);
  }
  return n;
}
