import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, dialects, login, type TestApp } from '../test/harness.js';
import { TOKEN_INVALID } from '../errors.js';

const BOUNDARY = '----scop-test-boundary-7MA4YWxkTrZu0gW';

interface Part {
  field: string;
  filename?: string;
  type?: string;
  data: Buffer | string;
}

function multipart(parts: Part[]) {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition =
      p.filename === undefined ? `form-data; name="${p.field}"` : `form-data; name="${p.field}"; filename="${p.filename}"`;
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`));
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } };
}

// A real 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#1677ff"/></svg>';

describe.each(dialects())('file uploads on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    token = await login(t.app, 'staff');
  });
  afterAll(async () => {
    await t.close();
  });

  const upload = (parts: Part[], headers: Record<string, string> = bearer(token)) => {
    const body = multipart(parts);
    return t.app.inject({ method: 'POST', url: '/open-platform/files', payload: body.payload, headers: { ...body.headers, ...headers } });
  };

  it('stores an image under uploads/YYYY/MM with a random name and serves the same bytes without a session', async () => {
    const res = await upload([{ field: 'file', filename: 'logo.png', type: 'image/png', data: PNG }]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(0);
    const now = new Date();
    const ym = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    expect(body.data).toMatchObject({ name: 'logo.png', size: PNG.length, contentType: 'image/png' });
    expect(body.data.url).toMatch(new RegExp(`^/open-platform/files/${ym}/[A-Za-z0-9_-]{22}\\.png$`));
    const stored = path.join(t.config.dataDir, 'uploads', ...body.data.url.split('/').slice(3));
    expect(fs.readFileSync(stored).equals(PNG)).toBe(true);

    const get = await t.app.inject({ method: 'GET', url: body.data.url });
    expect(get.statusCode).toBe(200);
    expect(get.rawPayload.equals(PNG)).toBe(true);
    expect(get.headers['content-type']).toBe('image/png');
    expect(get.headers['cache-control']).toMatch(/max-age=\d+/);
    expect(get.headers['x-content-type-options']).toBe('nosniff');
    expect(get.headers['content-disposition']).toMatch(/^inline/);
  });

  it('gives two uploads of the same file different names', async () => {
    const a = (await upload([{ field: 'file', filename: 'a.png', type: 'image/png', data: PNG }])).json().data.url;
    const b = (await upload([{ field: 'file', filename: 'a.png', type: 'image/png', data: PNG }])).json().data.url;
    expect(a).not.toBe(b);
  });

  it('serves SVG and documents as attachments with their content type', async () => {
    const svg = (await upload([{ field: 'file', filename: 'icon.svg', type: 'image/svg+xml', data: SVG }])).json().data;
    expect(svg.contentType).toBe('image/svg+xml');
    const get = await t.app.inject({ method: 'GET', url: svg.url });
    expect(get.headers['content-type']).toBe('image/svg+xml');
    expect(get.headers['content-disposition']).toMatch(/^attachment/);
    expect(get.body).toBe(SVG);

    const csv = (
      await upload([{ field: 'file', filename: '运单.csv', type: 'text/csv', data: 'waybillNo,amount\nYD202503010001,128000\n' }])
    ).json().data;
    expect(csv).toMatchObject({ name: '运单.csv', contentType: 'text/csv' });
    const got = await t.app.inject({ method: 'GET', url: csv.url });
    expect(got.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(got.body).toContain('YD202503010001');
  });

  it('refuses a file over 5 MB', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 0x41);
    const res = await upload([{ field: 'file', filename: 'big.txt', type: 'text/plain', data: big }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().msg).toBe('The file must not be larger than 5 MB');
    // A file just under the limit passes (the server's JSON body limit does not apply to uploads).
    const fine = await upload([{ field: 'file', filename: 'ok.txt', type: 'text/plain', data: Buffer.alloc(4 * 1024 * 1024, 0x41) }]);
    expect(fine.statusCode).toBe(200);
  });

  it('refuses types outside the list, with a clear message in the caller’s language', async () => {
    const exe = await upload([{ field: 'file', filename: 'setup.exe', type: 'application/octet-stream', data: 'MZ\x90\x00' }]);
    expect(exe.statusCode).toBe(400);
    expect(exe.json().msg).toMatch(/“exe” is not allowed; allowed: png, jpg/);
    const html = await upload([{ field: 'file', filename: 'page.html', type: 'text/html', data: '<script>alert(1)</script>' }], {
      ...bearer(token),
      'accept-language': 'zh-CN',
    });
    expect(html.statusCode).toBe(400);
    expect(html.json().msg).toContain('不支持的文件类型“html”');
    const none = await upload([{ field: 'file', filename: 'README', type: 'text/plain', data: 'x' }]);
    expect(none.statusCode).toBe(400);
  });

  it('refuses content that does not match its extension, empty files, several files and no file', async () => {
    const fake = await upload([{ field: 'file', filename: 'photo.png', type: 'image/png', data: '<html>not a png</html>' }]);
    expect(fake.statusCode).toBe(400);
    expect(fake.json().msg).toMatch(/does not match its extension “png”/);
    const empty = await upload([{ field: 'file', filename: 'empty.txt', type: 'text/plain', data: '' }]);
    expect(empty.statusCode).toBe(400);
    const two = await upload([
      { field: 'file', filename: 'a.png', type: 'image/png', data: PNG },
      { field: 'file', filename: 'b.png', type: 'image/png', data: PNG },
    ]);
    expect(two.statusCode).toBe(400);
    expect(two.json().msg).toBe('Upload one file at a time');
    const noFile = await upload([{ field: 'note', data: 'hello' }]);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().msg).toBe('No file was received');
    const json = await t.app.inject({ method: 'POST', url: '/open-platform/files', headers: bearer(token), payload: { url: 'x' } });
    expect(json.statusCode).toBe(400);
  });

  it('answers 21332 without a session', async () => {
    const res = await upload([{ field: 'file', filename: 'logo.png', type: 'image/png', data: PNG }], {});
    expect(res.statusCode).toBe(401);
    expect(res.json().status).toBe(TOKEN_INVALID);
    const revoked = await upload([{ field: 'file', filename: 'logo.png', type: 'image/png', data: PNG }], bearer('not-a-real-token'));
    expect(revoked.json().status).toBe(TOKEN_INVALID);
  });

  it('never serves anything outside the uploads folder', async () => {
    fs.writeFileSync(path.join(t.config.dataDir, 'secret.txt'), 'top secret');
    const attempts = [
      '/open-platform/files/2025/03/..%2F..%2F..%2Fsecret.txt',
      '/open-platform/files/2025/03/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/open-platform/files/..%2F..%2F/03/secret.txt',
      '/open-platform/files/2025/..%2F..%2F/secret.txt',
      '/open-platform/files/../../secret.txt',
      '/open-platform/files/2025/03/..\\..\\..\\secret.txt',
      '/open-platform/files/2025/13/AAAAAAAAAAAAAAAAAAAAAA.png',
      '/open-platform/files/2025/03/AAAAAAAAAAAAAAAAAAAAAA.exe',
      '/open-platform/files/2025/03/AAAAAAAAAAAAAAAAAAAAAA.png',
      '/open-platform/files/2025/03/app.db',
    ];
    for (const url of attempts) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([400, 404], url).toContain(res.statusCode);
      expect(res.body, url).not.toContain('top secret');
    }
  });
});
