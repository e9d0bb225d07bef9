// Writes .br and .gz next to every compressible file of the built app, so the server sends
// compressed files without compressing on each request (@fastify/static preCompressed).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dir = path.resolve(process.argv[2] ?? 'dist');
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
let files = 0;
let before = 0;
let after = 0;

function walk(d) {
  for (const e of fs.readdirSync(d, { withFileTypes: true })) {
    const p = path.join(d, e.name);
    if (e.isDirectory()) walk(p);
    else if (COMPRESSIBLE.test(e.name) && fs.statSync(p).size > 1024) {
      const raw = fs.readFileSync(p);
      const br = zlib.brotliCompressSync(raw, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 10, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
      });
      fs.writeFileSync(`${p}.br`, br);
      fs.writeFileSync(`${p}.gz`, zlib.gzipSync(raw, { level: 9 }));
      files++;
      before += raw.length;
      after += br.length;
    }
  }
}

walk(dir);
console.log(`precompressed ${files} files: ${(before / 1024).toFixed(0)} KiB -> ${(after / 1024).toFixed(0)} KiB (brotli)`);
