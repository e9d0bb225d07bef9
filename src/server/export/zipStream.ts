import { createDeflateRaw, crc32 } from 'node:zlib';

/**
 * A minimal streaming ZIP writer (deflate, data descriptors, no zip64): enough for an XLSX whose
 * sheet is produced row by row, so an export of any length keeps constant memory.
 */
interface Entry {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

const DOS_TIME = 0; // 1980-01-01 00:00: spreadsheet tools do not read entry times.
const DOS_DATE = (0 << 9) | (1 << 5) | 1;

export class ZipWriter {
  private offset = 0;
  private entries: Entry[] = [];

  constructor(private readonly push: (chunk: Buffer) => Promise<void>) {}

  private async write(chunk: Buffer) {
    this.offset += chunk.length;
    await this.push(chunk);
  }

  /** Adds one file whose content arrives from an async iterable of strings. */
  async addFile(name: string, content: AsyncIterable<string> | string[]): Promise<void> {
    const nameBuf = Buffer.from(name, 'utf8');
    const offset = this.offset;
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(0x0808, 6); // data descriptor follows; names are UTF-8
    header.writeUInt16LE(8, 8);
    header.writeUInt16LE(DOS_TIME, 10);
    header.writeUInt16LE(DOS_DATE, 12);
    header.writeUInt16LE(nameBuf.length, 26);
    await this.write(Buffer.concat([header, nameBuf]));

    let crc = 0;
    let size = 0;
    let compressed = 0;
    const deflate = createDeflateRaw({ level: 6 });
    const out: Buffer[] = [];
    deflate.on('data', (c: Buffer) => out.push(c));
    const drain = async () => {
      while (out.length) {
        const c = out.shift()!;
        compressed += c.length;
        await this.write(c);
      }
    };
    for await (const piece of content) {
      const buf = Buffer.from(piece, 'utf8');
      crc = crc32(buf, crc);
      size += buf.length;
      if (!deflate.write(buf)) await new Promise((r) => deflate.once('drain', r));
      await drain();
    }
    await new Promise<void>((resolve, reject) => {
      deflate.once('end', resolve);
      deflate.once('error', reject);
      deflate.end();
    });
    await drain();
    const desc = Buffer.alloc(16);
    desc.writeUInt32LE(0x08074b50, 0);
    desc.writeUInt32LE(crc >>> 0, 4);
    desc.writeUInt32LE(compressed, 8);
    desc.writeUInt32LE(size, 12);
    await this.write(desc);
    this.entries.push({ name: nameBuf, crc: crc >>> 0, compressed, size, offset });
  }

  async finish(): Promise<void> {
    const start = this.offset;
    for (const e of this.entries) {
      const h = Buffer.alloc(46);
      h.writeUInt32LE(0x02014b50, 0);
      h.writeUInt16LE(20, 4);
      h.writeUInt16LE(20, 6);
      h.writeUInt16LE(0x0808, 8);
      h.writeUInt16LE(8, 10);
      h.writeUInt16LE(DOS_TIME, 12);
      h.writeUInt16LE(DOS_DATE, 14);
      h.writeUInt32LE(e.crc, 16);
      h.writeUInt32LE(e.compressed, 20);
      h.writeUInt32LE(e.size, 24);
      h.writeUInt16LE(e.name.length, 28);
      h.writeUInt32LE(e.offset, 42);
      await this.write(Buffer.concat([h, e.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.write(end);
  }
}
