import { checkField, checkForm, type LoginValues } from './rules';
import { translator } from './text';

const t = translator({
  login: {
    accountRequired: 'account?',
    passwordRequired: 'password?',
    phoneRequired: 'phone?',
    codeRequired: 'code?',
    codeLength: 'six',
    tooLong: 'max {{max}}',
  },
  validation: { mobile: 'mobile' },
});
const values = (v: Partial<LoginValues>): LoginValues => ({ username: '', password: '', phone: '', vCode: '', remember: false, ...v });

describe('sign-in checks', () => {
  it('checks only the fields of the chosen way to sign in', () => {
    expect(checkForm('password', values({}), t)).toEqual({ username: 'account?', password: 'password?' });
    expect(checkForm('sms', values({}), t)).toEqual({ phone: 'phone?', vCode: 'code?' });
  });

  it('refuses a blank account, long input, a bad phone number and a code that is not six digits', () => {
    expect(checkField('username', values({ username: '   ' }), t)).toBe('account?');
    expect(checkField('username', values({ username: 'a'.repeat(65) }), t)).toBe('max 64');
    expect(checkField('password', values({ password: 'p'.repeat(129) }), t)).toBe('max 128');
    expect(checkField('phone', values({ phone: '2380013800' }), t)).toBe('mobile');
    expect(checkField('vCode', values({ vCode: '12345' }), t)).toBe('six');
    expect(checkForm('sms', values({ phone: '13800138000', vCode: '123456' }), t)).toEqual({});
  });

  it('keeps the password as typed: spaces are part of it', () => {
    expect(checkField('password', values({ password: ' ' }), t)).toBeUndefined();
  });
});
