import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { cellComponents } from './cells';
import { linkDue, orgFileLink, RENEW_MARGIN_MS } from './fileLink';
import { setupTestI18n } from './test-i18n';

const FILE = '/open-platform/files/o/C1001/2025/06/AbCdEfGhIjKlMnOpQrStUv.pdf';
const now = () => Math.floor(Date.now() / 1000);
const asked: string[] = [];
const server = setupServer(
  http.get('*/open-platform/files/o/:party/:y/:m/:name/link', ({ params }) => {
    asked.push(String(params.party));
    if (params.party !== 'C1001') return HttpResponse.json({ status: 404, msg: 'File not found', data: null }, { status: 404 });
    const expiresAt = now() + 3600;
    return HttpResponse.json({
      status: 0,
      msg: 'success',
      data: { url: `${FILE}?expires=${expiresAt}&sig=fresh`, expiresAt, ttlSec: 3600 },
    });
  }),
);
beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await setupTestI18n('en');
});
afterEach(() => {
  asked.length = 0;
});
afterAll(() => server.close());

const Link = cellComponents.Link;

describe('signed links to an organisation’s files', () => {
  it('reads the expiry of a stored file’s link and nothing else', () => {
    expect(orgFileLink(`${FILE}?expires=1700000000&sig=x`)).toEqual({ path: FILE, expires: 1700000000 });
    expect(orgFileLink(FILE)).toEqual({ path: FILE, expires: null });
    expect(orgFileLink('/open-platform/files/2025/06/AbCdEfGhIjKlMnOpQrStUv.pdf')).toBeNull();
    expect(orgFileLink('https://example.com/a.pdf')).toBeNull();
    expect(linkDue(null)).toBe(false);
    expect(linkDue(now() + 3600)).toBe(false);
    expect(linkDue(Math.floor((Date.now() + RENEW_MARGIN_MS / 2) / 1000))).toBe(true);
  });

  it('opens an expired link through a fresh one from the server, keeping a live one as it is', async () => {
    const expired = `${FILE}?expires=${now() - 60}&sig=old`;
    render(<Link value={expired} field={{ type: 'string', title: 'File' }} />);
    await waitFor(() => expect(screen.getByRole('link')).toHaveAttribute('href', expect.stringContaining('sig=fresh')));
    // What the record holds is still what is written.
    expect(screen.getByRole('link')).toHaveTextContent(expired);
    expect(asked).toEqual(['C1001']);
  });

  it('asks nothing for a link still valid, and keeps the link when the server refuses', async () => {
    const live = `${FILE}?expires=${now() + 3600}&sig=live`;
    const { unmount } = render(<Link value={live} field={{ type: 'string', title: 'File' }} />);
    expect(screen.getByRole('link')).toHaveAttribute('href', live);
    unmount();
    const foreign = `${FILE.replace('C1001', 'C1002')}?expires=${now() - 60}&sig=old`;
    render(<Link value={foreign} field={{ type: 'string', title: 'File' }} />);
    await waitFor(() => expect(asked).toEqual(['C1002']));
    expect(screen.getByRole('link')).toHaveAttribute('href', foreign);
  });
});
