import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import Upload, { accepts, formatBytes } from './Upload';
import { setupTestI18n } from './test-i18n';

const received: { contentType: string | null; name?: string; field?: string }[] = [];
const appended: string[] = [];
const realAppend = FormData.prototype.append;
vi.spyOn(FormData.prototype, 'append').mockImplementation(function (this: FormData, ...args: unknown[]) {
  if (typeof args[2] === 'string') appended.push(args[2]);
  return (realAppend as (...a: unknown[]) => void).apply(this, args);
});
const server = setupServer(
  http.post('*/open-platform/files', async ({ request }) => {
    const contentType = request.headers.get('content-type');
    // jsdom's File does not survive msw's body conversion whole (the file name becomes "blob"), so
    // the name comes from the FormData the widget built; the part's field and type come from the wire.
    const raw = await request.text();
    const part = /name="([^"]+)"; filename="[^"]*"\r\nContent-Type: ([^\r\n]+)/i.exec(raw);
    const name = appended.at(-1) ?? '';
    const type = part?.[2] ?? '';
    received.push({ contentType, name, field: part?.[1] });
    const ext = name.split('.').pop();
    return HttpResponse.json({
      status: 0,
      msg: 'success',
      data: { url: `/open-platform/files/2025/03/AbCdEfGhIjKlMnOpQrStUv.${ext}`, name, size: 4, contentType: type },
    });
  }),
);

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await setupTestI18n('en');
});
afterAll(() => server.close());
beforeEach(() => {
  received.length = 0;
});
afterEach(() => server.resetHandlers());

function Harness({ spy, initial = null, accept }: { spy: (v: string | null) => void; initial?: string | null; accept?: string }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <Upload
      value={value}
      accept={accept}
      onChange={(v) => {
        spy(v);
        setValue(v);
      }}
    />
  );
}

const fileInput = () => document.querySelector('input[type=file]') as HTMLInputElement;

describe('Upload', () => {
  it('checks accept lists and formats sizes', () => {
    expect(accepts('image/png,image/jpeg', { name: 'a.png', type: 'image/png' })).toBe(true);
    expect(accepts('image/*', { name: 'a.webp', type: 'image/webp' })).toBe(true);
    expect(accepts('.pdf,.xlsx', { name: 'Invoice.PDF', type: '' })).toBe(true);
    expect(accepts('image/png', { name: 'a.pdf', type: 'application/pdf' })).toBe(false);
    expect(formatBytes(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatBytes(1536)).toBe('2 KB');
  });

  it('uploads the chosen image as multipart and stores its URL, then previews it', async () => {
    const spy = vi.fn();
    render(<Harness spy={spy} accept="image/png,image/jpeg" />);
    expect(screen.getByText('One file, up to 5 MB')).toBeInTheDocument();
    await userEvent.upload(fileInput(), new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' }));
    await waitFor(() => expect(spy).toHaveBeenCalledWith('/open-platform/files/2025/03/AbCdEfGhIjKlMnOpQrStUv.png'));
    expect(received[0].contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(received[0]).toMatchObject({ name: 'logo.png', field: 'file' });
    expect(screen.getByAltText('logo.png')).toHaveAttribute('src', '/open-platform/files/2025/03/AbCdEfGhIjKlMnOpQrStUv.png');
  });

  it('links files that are not images', async () => {
    const spy = vi.fn();
    render(<Harness spy={spy} />);
    await userEvent.upload(fileInput(), new File(['a,b\n1,2\n'], 'waybills.csv', { type: 'text/csv' }));
    const link = await screen.findByRole('link', { name: /waybills\.csv/ });
    expect(link).toHaveAttribute('href', '/open-platform/files/2025/03/AbCdEfGhIjKlMnOpQrStUv.csv');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('refuses a file over 5 MB before sending it', async () => {
    const spy = vi.fn();
    render(<Harness spy={spy} />);
    const big = new File(['x'], 'scan.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 });
    await userEvent.upload(fileInput(), big);
    expect(await screen.findByRole('alert')).toHaveTextContent('The file must not be larger than 5 MB');
    expect(received).toHaveLength(0);
    expect(spy).not.toHaveBeenCalled();
  });

  it('refuses a file outside the accept list', async () => {
    render(<Harness spy={vi.fn()} accept="image/png" />);
    await userEvent.upload(fileInput(), new File(['%PDF'], 'a.pdf', { type: 'application/pdf' }), { applyAccept: false });
    expect(await screen.findByRole('alert')).toHaveTextContent('This file type is not accepted; choose: image/png');
    expect(received).toHaveLength(0);
  });

  it('shows the server’s refusal', async () => {
    server.use(
      http.post('*/open-platform/files', () =>
        HttpResponse.json({ status: 400, msg: 'File type “exe” is not allowed', data: null }, { status: 400 }),
      ),
    );
    render(<Harness spy={vi.fn()} />);
    await userEvent.upload(fileInput(), new File(['MZ'], 'setup.exe', { type: 'application/octet-stream' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Upload failed: File type “exe” is not allowed');
  });

  it('clears the value when removed', async () => {
    const spy = vi.fn();
    render(<Harness spy={spy} initial="/open-platform/files/2025/01/Xyz.pdf" />);
    await userEvent.click(screen.getByRole('button', { name: /Remove/ }));
    expect(spy).toHaveBeenLastCalledWith(null);
    expect(screen.getByRole('button', { name: /Upload/ })).toBeInTheDocument();
  });
});
