import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ComponentType } from 'react';
import { handOver, prefetchConsole } from './handoff';
import { leaveLoginNotice } from '../engine/session/loginNotice';

vi.mock('./handoff', () => ({ prefetchConsole: vi.fn(), handOver: vi.fn() }));

const posted: Record<string, string>[] = [];
const codes: string[] = [];
const server = setupServer(
  http.post('*/open-platform/authorize', async ({ request }) => {
    const form = Object.fromEntries(new URLSearchParams(await request.text()));
    posted.push(form);
    if (form.grant_type === 'password' && form.username === 'admin' && form.password === 'Demo12345') {
      const next = Object.fromEntries(
        (form.next ?? '')
          .split(',')
          .filter(Boolean)
          .map((name) => [name, { answerOf: name }]),
      );
      return HttpResponse.json({ status: 0, msg: 'success', data: { access_token: 'tok-123', expires_at: '2030-01-01T00:00:00Z', next } });
    }
    const lang = request.headers.get('accept-language');
    return HttpResponse.json(
      { status: 21001, msg: lang === 'zh' ? '账号或密码错误' : 'Wrong account or password', data: null },
      { status: 401 },
    );
  }),
  http.post('*/ntocc-tps-api/sms/sendVerificationCode', ({ request }) => {
    codes.push(new URL(request.url).searchParams.get('phone') ?? '');
    return HttpResponse.json({ status: 0, msg: 'success', data: { expiresIn: 300, resendIn: 60 } });
  }),
  http.get('*/open-platform/public/loginOptions', () => HttpResponse.json({ status: 0, msg: 'success', data: { socialProviders: [] } })),
);

let LoginApp: ComponentType;

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  document.cookie = 'language=en; path=/';
  // The module reads the language and loads its words when it is imported.
  LoginApp = (await import('./LoginApp')).default;
});
afterAll(() => server.close());
beforeEach(() => {
  posted.length = 0;
  codes.length = 0;
  vi.mocked(handOver).mockClear();
  vi.mocked(prefetchConsole).mockClear();
  document.cookie = 'Admin-Token=; path=/; max-age=0';
  document.cookie = 'language=en; path=/';
  localStorage.clear();
  window.location.hash = '#/login?redirect=%2FplatformUser%2Fdepartment';
});

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

describe('the sign-in screen', () => {
  it('checks the fields itself: messages under them, focus on the first, no request', async () => {
    render(<LoginApp />);
    submit();
    expect(await screen.findByText('Please enter your account')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password')).toBeInTheDocument();
    expect(screen.getByLabelText('Account')).toHaveFocus();
    expect(screen.getByLabelText('Account')).toHaveAttribute('aria-invalid', 'true');
    expect(posted).toHaveLength(0);
    // Typing clears a message as soon as the field is right.
    fireEvent.change(screen.getByLabelText('Account'), { target: { value: 'admin' } });
    expect(screen.queryByText('Please enter your account')).not.toBeInTheDocument();
  });

  it('shows the server’s message for a wrong password and stays, ready for another try', async () => {
    render(<LoginApp />);
    fireEvent.change(screen.getByLabelText('Account'), { target: { value: '  admin ' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Wrong12345' } });
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong account or password');
    expect(posted[0]).toMatchObject({ grant_type: 'password', username: 'admin', password: 'Wrong12345', client_id: 'console' });
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(handOver).not.toHaveBeenCalled();
    expect(document.cookie).not.toContain('Admin-Token=tok');
  });

  it('stores the token, remembers the account when asked, and hands over to the redirect path', async () => {
    render(<LoginApp />);
    fireEvent.change(screen.getByLabelText('Account'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Demo12345' } });
    fireEvent.click(screen.getByLabelText('Remember my account'));
    submit();
    // The sign-in answers with the user's info, which the console then need not ask for.
    await waitFor(() => expect(handOver).toHaveBeenCalledWith('/platformUser/department', { userInfo: { answerOf: 'userInfo' } }));
    expect(posted[0]).toMatchObject({ username: 'admin', next: 'userInfo' });
    expect(document.cookie).toContain('Admin-Token=tok-123');
    expect(prefetchConsole).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    // A second visit starts with the account filled in and the password focused.
    cleanup();
    render(<LoginApp />);
    expect(screen.getByLabelText('Account')).toHaveValue('admin');
    expect(screen.getByLabelText('Password')).toHaveFocus();
  });

  it('sends a visitor to the dashboard when the redirect is not an in-app path', async () => {
    window.location.hash = '#/login?redirect=%2F%2Fevil.example';
    render(<LoginApp />);
    fireEvent.change(screen.getByLabelText('Account'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Demo12345' } });
    submit();
    // Bound for the dashboard, it asks for the dashboard's figures too, in the browser's time zone.
    await waitFor(() =>
      expect(handOver).toHaveBeenCalledWith('/home', { userInfo: { answerOf: 'userInfo' }, dashboard: { answerOf: 'dashboard' } }),
    );
    expect(posted[0]).toMatchObject({ next: 'userInfo,dashboard', tzOffset: String(new Date().getTimezoneOffset()) });
  });

  it('switches language: words, the cookie and the server’s messages follow', async () => {
    render(<LoginApp />);
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'zh' } });
    expect(await screen.findByRole('button', { name: /登\s*录/ })).toBeInTheDocument();
    expect(document.cookie).toContain('language=zh');
    fireEvent.change(screen.getByLabelText('账号'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('账号或密码错误');
  });

  it('by phone: checks the number before sending a code, then counts down', async () => {
    render(<LoginApp />);
    fireEvent.click(screen.getByRole('tab', { name: 'Phone and code' }));
    expect(screen.getByRole('tab', { name: 'Phone and code' })).toHaveAttribute('aria-selected', 'true');
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(/11-digit mobile number/)).toBeInTheDocument();
    expect(codes).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '13800138000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('button', { name: 'Resend in 60 s' })).toBeDisabled();
    expect(codes).toEqual(['13800138000']);
    // Letters are dropped from the code, and a short code is refused before any request.
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '12a3' } });
    expect(screen.getByLabelText('Verification code')).toHaveValue('123');
    submit();
    expect(await screen.findByText('The code has 6 digits')).toBeInTheDocument();
    expect(posted).toHaveLength(0);
  });

  it('moves between the tabs with the arrow keys', () => {
    render(<LoginApp />);
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Account and password' }), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Phone and code' })).toHaveFocus();
    expect(screen.getByLabelText('Phone')).toBeInTheDocument();
  });

  it('shows once the message the console left when it sent the visitor back', async () => {
    leaveLoginNotice('Roles are required');
    render(<LoginApp />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Roles are required');
    act(() => undefined);
    render(<LoginApp />);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });
});
