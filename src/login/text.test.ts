import { loadAuthText, translator } from './text';

describe('the sign-in screen’s words', () => {
  it('looks keys up by path and fills i18next placeholders', () => {
    const t = translator({ login: { resendIn: 'again in {{seconds}} s' } });
    expect(t('login.resendIn', { seconds: 42 })).toBe('again in 42 s');
    expect(t('login.missing')).toBe('login.missing');
    expect(t('login')).toBe('login');
  });

  it('reads the console’s own auth messages for every language', async () => {
    expect((await loadAuthText('zh'))('login.submit')).toMatch(/登\s*录/);
    expect((await loadAuthText('en'))('login.submit')).toBe('Sign in');
    expect((await loadAuthText('ja'))('app.productName')).not.toBe('app.productName');
    expect((await loadAuthText('es'))('login.tooLong', { max: 64 })).toContain('64');
  });
});
