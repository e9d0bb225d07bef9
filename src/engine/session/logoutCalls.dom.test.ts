import { http, HttpResponse, delay } from 'msw';
import { setupServer } from 'msw/node';
import { api } from '../../client/request';
import { setNotifier } from '../../client/notifier';
import { logout } from './store';
import { getToken, setToken } from '../../client/token';

const seen: string[] = [];
const server = setupServer(
  http.get('*/open-platform/slow', async () => {
    await delay(10_000);
    return HttpResponse.json({ status: 0, msg: 'ok', data: 'late' });
  }),
  http.get('*/open-platform/logout', ({ request }) => {
    seen.push(`logout ${request.headers.get('Authorization')}`);
    return HttpResponse.json({ status: 0, msg: 'ok', data: null });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describe('logging out', () => {
  it('ends the calls still under way, quietly, and still tells the server', async () => {
    const toasts: string[] = [];
    setNotifier({ error: (m: string) => toasts.push(m), confirmRelogin: async () => false } as never);
    setToken('tok-9');
    const pending = api.get('/open-platform/slow');
    await logout();
    await expect(pending).rejects.toThrow();
    expect(seen).toEqual(['logout Bearer tok-9']);
    expect(getToken()).toBeFalsy();
    expect(toasts).toEqual([]);
    // The next session's calls go out as before.
    setToken('tok-10');
    await logout();
    expect(seen).toEqual(['logout Bearer tok-9', 'logout Bearer tok-10']);
  });
});
