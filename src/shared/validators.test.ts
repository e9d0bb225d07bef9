import { describe, it, expect } from 'vitest';
import {
  FORMAT_CHECKS,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  isBankCard,
  isMobile,
  isNumberText,
  isPassword,
  isPlateNumber,
  isResidentId,
  isRoadTransportPermit,
  isSocialCreditCode,
  isTaxRate,
  isVehicleTransportCert,
  residentIdCheckChar,
  socialCreditCheckChar,
} from './validators';

const NON_STRINGS: unknown[] = [undefined, null, 13800138000, 1, true, {}, [], Symbol('x'), () => '1'];

// GB 11714: the organisation code inside a credit code (characters 9–16) has its own check character.
function withOrgCheck(body: string): string {
  const org = body.slice(8, 16);
  if (!/^[0-9A-Z]{8}$/.test(org)) return body;
  const weights = [3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...org].reduce((acc, ch, i) => acc + (/\d/.test(ch) ? Number(ch) : ch.charCodeAt(0) - 55) * weights[i], 0);
  const r = 11 - (sum % 11);
  return body.slice(0, 16) + (r === 10 ? 'X' : r === 11 ? '0' : String(r));
}

// Written independently of the module so the tests would catch a wrong weight table.
function withUsccCheck(raw: string): string {
  const body = withOrgCheck(raw);
  const charset = '0123456789ABCDEFGHJKLMNPQRTUWXY';
  const weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  const sum = [...body].reduce((acc, ch, i) => acc + charset.indexOf(ch) * weights[i], 0);
  const c = 31 - (sum % 31);
  return body + charset[c === 31 ? 0 : c];
}

function withIdCheck(body: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((acc, ch, i) => acc + Number(ch) * weights[i], 0);
  return body + '10X98765432'[sum % 11];
}

function withLuhn(body: string): string {
  for (let d = 0; d <= 9; d++) {
    const candidate = body + d;
    let sum = 0;
    [...candidate].reverse().forEach((ch, i) => {
      let n = Number(ch);
      if (i % 2 === 1) n = n * 2 > 9 ? n * 2 - 9 : n * 2;
      sum += n;
    });
    if (sum % 10 === 0) return candidate;
  }
  throw new Error('unreachable');
}

function replaceLast(s: string, ch: string): string {
  return s.slice(0, -1) + ch;
}

describe('non-string input', () => {
  const checks = {
    isMobile,
    isPassword,
    isNumberText,
    isSocialCreditCode,
    isResidentId,
    isPlateNumber,
    isBankCard,
    isRoadTransportPermit,
    isVehicleTransportCert,
  };
  for (const [name, check] of Object.entries(checks)) {
    it(`${name} rejects non-strings and the empty string`, () => {
      for (const v of NON_STRINGS) expect(check(v)).toBe(false);
      expect(check('')).toBe(false);
    });
  }
});

describe('isMobile', () => {
  it('accepts 11 digits starting with 1 and then 3 to 9', () => {
    expect(isMobile('13800138000')).toBe(true);
    expect(isMobile('19912345678')).toBe(true);
    expect(['10000000000', '11012345678', '12345678901'].map(isMobile)).toEqual([false, false, false]);
  });
  it('rejects wrong length, prefix or characters', () => {
    expect(isMobile('1380013800')).toBe(false);
    expect(isMobile('138001380000')).toBe(false);
    expect(isMobile('23800138000')).toBe(false);
    expect(isMobile('1380013800a')).toBe(false);
    expect(isMobile(' 13800138000')).toBe(false);
    expect(isMobile('13800138000\n')).toBe(false);
    expect(isMobile('+8613800138000')).toBe(false);
    expect(isMobile('１３８００１３８０００')).toBe(false);
  });
});

describe('isPassword', () => {
  it('exposes the length bounds', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(PASSWORD_MAX_LENGTH).toBe(64);
  });
  it('accepts letters plus digits within bounds', () => {
    expect(isPassword('abcdefg1')).toBe(true);
    expect(isPassword('1234567A')).toBe(true);
    expect(isPassword('a'.repeat(63) + '1')).toBe(true);
  });
  it('rejects too short or too long', () => {
    expect(isPassword('abcdef1')).toBe(false);
    expect(isPassword('a'.repeat(64) + '1')).toBe(false);
  });
  it('requires both a letter and a digit', () => {
    expect(isPassword('abcdefgh')).toBe(false);
    expect(isPassword('12345678')).toBe(false);
  });
  it('rejects symbols, spaces and non-ASCII letters', () => {
    expect(isPassword('abcdefg1!')).toBe(false);
    expect(isPassword('abcd efg1')).toBe(false);
    expect(isPassword('密码abcdefg1')).toBe(false);
    expect(isPassword('ábcdefg1')).toBe(false);
    expect(isPassword('abcdefg1\n')).toBe(false);
  });
});

describe('isNumberText', () => {
  it('accepts integers and decimals with optional plus', () => {
    for (const v of ['0', '12', '+12', '3.5', '0.25', '+0.5', '007']) expect(isNumberText(v)).toBe(true);
  });
  it('rejects signs, dangling dots and junk', () => {
    for (const v of ['-1', '1.', '.5', '+', '+.5', '1.2.3', '1e5', ' 1', '1 ', '1,000', 'abc', '++1']) {
      expect(isNumberText(v)).toBe(false);
    }
  });
});

describe('isSocialCreditCode', () => {
  const bodies = ['91350100M000100Y4', '12100000400000770', '91440300MA5FXXXXX'.replace(/X/g, 'Y')];
  it('accepts codes with the computed check character', () => {
    for (const body of bodies) {
      const code = withUsccCheck(body);
      expect(code).toHaveLength(18);
      expect(isSocialCreditCode(code)).toBe(true);
      expect(socialCreditCheckChar(code.slice(0, 17))).toBe(code[17]);
    }
  });
  it('accepts a code whose check value wraps to 0', () => {
    // Search for a body whose weighted sum is divisible by 31 to cover the c === 31 branch.
    let found = '';
    for (let n = 0; n < 1000 && !found; n++) {
      const body = `9135010${String(n).padStart(3, '0')}M000100`;
      const code = withUsccCheck(body);
      if (code.endsWith('0')) found = code;
    }
    expect(found).not.toBe('');
    expect(isSocialCreditCode(found)).toBe(true);
  });
  it('rejects a wrong organisation-code check character inside, and registration authority 0', () => {
    const code = withUsccCheck(bodies[0]);
    const inner = code[16] === '1' ? '2' : '1';
    const body = code.slice(0, 16) + inner;
    const charset = '0123456789ABCDEFGHJKLMNPQRTUWXY';
    const weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
    const c = 31 - ([...body].reduce((acc, ch, i) => acc + charset.indexOf(ch) * weights[i], 0) % 31);
    expect(isSocialCreditCode(body + charset[c === 31 ? 0 : c])).toBe(false);
    expect(isSocialCreditCode(withUsccCheck('0' + bodies[0].slice(1)))).toBe(false);
  });
  it('accepts taxpayer numbers of 15, 18 and 20 characters', () => {
    expect([withUsccCheck(bodies[0]), '310115123456789', '3101151234567890123X'.replace('X', '1')].map(FORMAT_CHECKS.taxNumber)).toEqual([
      true,
      true,
      true,
    ]);
    expect(['31011512345678', '3101151234567890', withUsccCheck(bodies[0]).slice(0, 17) + '#'].map(FORMAT_CHECKS.taxNumber)).toEqual([
      false,
      false,
      false,
    ]);
  });
  it('rejects a wrong check character', () => {
    const code = withUsccCheck(bodies[0]);
    const wrong = code[17] === 'A' ? 'B' : 'A';
    expect(isSocialCreditCode(replaceLast(code, wrong))).toBe(false);
  });
  it('rejects characters outside the alphabet', () => {
    for (const bad of ['I', 'O', 'S', 'V', 'Z', 'a', '-']) {
      const body = '91350100M000100Y' + bad;
      expect(socialCreditCheckChar(body)).toBeNull();
      expect(isSocialCreditCode(body + '0')).toBe(false);
    }
  });
  it('rejects wrong length and lowercase', () => {
    const code = withUsccCheck(bodies[0]);
    expect(isSocialCreditCode(code.slice(0, 17))).toBe(false);
    expect(isSocialCreditCode(code + '0')).toBe(false);
    expect(isSocialCreditCode(code.toLowerCase())).toBe(false);
    expect(socialCreditCheckChar('123')).toBeNull();
  });
});

describe('isResidentId', () => {
  const now = new Date(2024, 5, 15, 12, 0, 0);
  it('accepts a well-known valid number ending in X', () => {
    expect(isResidentId('11010519491231002X', now)).toBe(true);
    expect(residentIdCheckChar('11010519491231002')).toBe('X');
  });
  it('rejects an area code of no province', () => {
    expect(isResidentId(withIdCheck('99010519491231002'), now)).toBe(false);
    expect(isResidentId(withIdCheck('00010519491231002'), now)).toBe(false);
  });
  it('accepts numbers built with the check algorithm', () => {
    expect(isResidentId(withIdCheck('44030420000229123'), now)).toBe(true);
    expect(isResidentId(withIdCheck('32010619851015001'), now)).toBe(true);
  });
  it('rejects a wrong check digit', () => {
    expect(isResidentId('110105194912310021', now)).toBe(false);
    const id = withIdCheck('32010619851015001');
    expect(isResidentId(replaceLast(id, id.endsWith('0') ? '1' : '0'), now)).toBe(false);
  });
  it('rejects lowercase x and non-digit bodies', () => {
    expect(isResidentId('11010519491231002x', now)).toBe(false);
    expect(isResidentId('1101051949123100AX', now)).toBe(false);
    expect(isResidentId('X10105194912310021', now)).toBe(false);
  });
  it('rejects wrong lengths, including the old 15-digit form', () => {
    expect(isResidentId('110105491231002', now)).toBe(false);
    expect(isResidentId('11010519491231002X0', now)).toBe(false);
  });
  it('rejects impossible calendar dates', () => {
    for (const date of ['20230229', '19001329', '19000001', '19990431', '19990100', '19990132', '17991231']) {
      expect(isResidentId(withIdCheck(`440304${date}123`), now)).toBe(false);
    }
    expect(isResidentId(withIdCheck('44030420000229123'), now)).toBe(true);
    expect(isResidentId(withIdCheck('44030419000228123'), now)).toBe(true);
    expect(isResidentId(withIdCheck('44030419000229123'), now)).toBe(false);
  });
  it('rejects birth dates after now but allows today', () => {
    expect(isResidentId(withIdCheck('44030420240615123'), now)).toBe(true);
    expect(isResidentId(withIdCheck('44030420240616123'), now)).toBe(false);
    expect(isResidentId(withIdCheck('44030420240615123'), now.getTime())).toBe(true);
    expect(isResidentId(withIdCheck('44030420240615123'), new Date(2024, 5, 14))).toBe(false);
  });
  it('defaults now to the current time and rejects an invalid now', () => {
    expect(isResidentId('11010519491231002X')).toBe(true);
    expect(isResidentId(withIdCheck('44030499991231123'))).toBe(false);
    expect(isResidentId('11010519491231002X', Number.NaN)).toBe(false);
  });
  it('check char helper rejects malformed bodies', () => {
    expect(residentIdCheckChar('1101051949123100')).toBeNull();
    expect(residentIdCheckChar('1101051949123100A')).toBeNull();
  });
});

describe('isPlateNumber', () => {
  it('accepts ordinary plates', () => {
    for (const p of ['京A12345', '粤B8888A', '沪AB1234', '琼Z0000Z', '新A1B2C3']) expect(isPlateNumber(p)).toBe(true);
  });
  it('accepts suffixed plates', () => {
    for (const p of ['冀A1234挂', '粤B1234学', '京A1234警', '粤Z1234港', '粤Z1234澳']) {
      expect(isPlateNumber(p)).toBe(true);
    }
  });
  it('takes trailer plates of seven characters only', () => {
    expect(['鲁A1234挂', '鲁A12345挂', '鲁A123挂'].map(isPlateNumber)).toEqual([true, false, false]);
  });
  it('accepts new-energy plates with D or F first or last', () => {
    for (const p of ['粤BD12345', '粤B12345D', '京AF12345', '京A12345F', '沪ADE1234']) expect(isPlateNumber(p)).toBe(true);
  });
  it('rejects new-energy plates whose last four are not digits, or large ones with a letter inside', () => {
    expect(['沪AD1E234', '粤BDA123B', '粤B1234AD'].map(isPlateNumber)).toEqual([false, false, false]);
  });
  it('rejects new-energy length without D/F at either end', () => {
    expect(isPlateNumber('粤B123456')).toBe(false);
    expect(isPlateNumber('粤BA12345')).toBe(false);
  });
  it('rejects I and O anywhere after the province', () => {
    expect(isPlateNumber('京I12345')).toBe(false);
    expect(isPlateNumber('京O12345')).toBe(false);
    expect(isPlateNumber('京A1234O')).toBe(false);
    expect(isPlateNumber('京AI1234')).toBe(false);
    expect(isPlateNumber('粤BD1234O')).toBe(false);
  });
  it('rejects unknown provinces, lowercase and bad lengths', () => {
    expect(isPlateNumber('台A12345')).toBe(false);
    expect(isPlateNumber('XA12345')).toBe(false);
    expect(isPlateNumber('京a12345')).toBe(false);
    expect(isPlateNumber('京1A2345')).toBe(false);
    expect(isPlateNumber('京A1234')).toBe(false);
    expect(isPlateNumber('京A1234567')).toBe(false);
    expect(isPlateNumber('京A123挂')).toBe(false);
    expect(isPlateNumber('京A12345挂学')).toBe(false);
    expect(isPlateNumber('京A1234使')).toBe(false);
    expect(isPlateNumber(' 京A12345')).toBe(false);
  });
});

describe('isBankCard', () => {
  it('accepts Luhn-valid numbers of 12 to 19 digits', () => {
    expect(isBankCard('4111111111111111')).toBe(true);
    expect(isBankCard(withLuhn('62220202001122334'))).toBe(true);
    expect(isBankCard(withLuhn('12345678901'))).toBe(true);
    expect(isBankCard(withLuhn('622202020011223344'))).toBe(true);
  });
  it('rejects a failed checksum', () => {
    expect(isBankCard('4111111111111112')).toBe(false);
  });
  it('rejects out-of-range lengths even when Luhn-valid', () => {
    expect(isBankCard(withLuhn('1234567890'))).toBe(false);
    expect(isBankCard(withLuhn('6222020200112233445'))).toBe(false);
  });
  it('rejects separators and letters', () => {
    expect(isBankCard('4111 1111 1111 1111')).toBe(false);
    expect(isBankCard('4111-1111-1111-1111')).toBe(false);
    expect(isBankCard('411111111111111a')).toBe(false);
  });
});

describe('isRoadTransportPermit', () => {
  it('accepts exactly 12 digits', () => {
    expect(isRoadTransportPermit('440300123456')).toBe(true);
  });
  it('rejects other shapes', () => {
    for (const v of ['44030012345', '4403001234567', '44030012345A', '440300 12345', '粤交运管许可440300']) {
      expect(isRoadTransportPermit(v)).toBe(false);
    }
  });
});

describe('permit and certificate area codes', () => {
  it('refuses degenerate permits: twelve zeros, no province, an empty serial, a county without a city', () => {
    for (const v of ['000000000000', '990000123456', '440300000000', '440012123456']) expect(isRoadTransportPermit(v), v).toBe(false);
    expect(isRoadTransportPermit('440000123456')).toBe(true);
  });
  it('lets a light vehicle carry its area code and 000000, but not a made-up area', () => {
    expect(isVehicleTransportCert('320507000000')).toBe(true);
    expect(isVehicleTransportCert('320507123456')).toBe(true);
    for (const v of ['000000000000', '990000123456', '32050712345']) expect(isVehicleTransportCert(v), v).toBe(false);
  });
});

describe('isTaxRate', () => {
  it('accepts the VAT rates', () => {
    for (const r of [0, 0.01, 0.03, 0.06, 0.09, 0.13, -0]) expect(isTaxRate(r)).toBe(true);
  });
  it('rejects other numbers and non-numbers', () => {
    for (const r of [0.05, 0.17, 13, 1, -0.13, Number.NaN, Infinity, 0.3 - 0.17, '0.13', null, undefined]) {
      expect(isTaxRate(r)).toBe(false);
    }
  });
});

describe('FORMAT_CHECKS', () => {
  it('maps every documented format name', () => {
    expect(Object.keys(FORMAT_CHECKS).sort()).toEqual(
      [
        'bankcard',
        'corporateAccount',
        'taxNumber',
        'cidr',
        'domain',
        'idcard',
        'menuIcon',
        'mobile',
        'numberText',
        'password',
        'plate',
        'roadPermit',
        'safeUrl',
        'vehicleCert',
        'uscc',
      ].sort(),
    );
  });
  it('accepts only the menu icons the console bundles', () => {
    expect(['PictureOutlined', 'ShopOutlined', 'ShopOutlind', 'shopoutlined', ''].map(FORMAT_CHECKS.menuIcon)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });
  it('accepts corporate accounts of 8 to 32 digits without a card check digit', () => {
    expect(['12345678', '755912345610801', '31050161373600002175', '1'.repeat(32)].map(FORMAT_CHECKS.corporateAccount)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['1234567', '1'.repeat(33), '3105-0161', '6222 0202'].map(FORMAT_CHECKS.corporateAccount)).toEqual([false, false, false, false]);
  });
  it('checks domain patterns and IPv4 ranges', () => {
    expect(['example.com', '*.example.com', 'tms.hdzy-logistics.cn'].map(FORMAT_CHECKS.domain)).toEqual([true, true, true]);
    expect(['not a domain', 'localhost', 'a.*.com', '*.', '-bad.com', 'x.123'].map(FORMAT_CHECKS.domain)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(['10.0.0.1', '10.0.0.0/8', '203.0.113.0/24'].map(FORMAT_CHECKS.cidr)).toEqual([true, true, true]);
    expect(['10.0.0.0/33', '256.0.0.1', '10.0.0', 'abc'].map(FORMAT_CHECKS.cidr)).toEqual([false, false, false, false]);
  });
  it('delegates to the matching predicate', () => {
    expect(FORMAT_CHECKS.mobile('13800138000')).toBe(true);
    expect(FORMAT_CHECKS.password('abcdefg1')).toBe(true);
    expect(FORMAT_CHECKS.numberText('+1.5')).toBe(true);
    expect(FORMAT_CHECKS.uscc(withUsccCheck('91350100M000100Y4'))).toBe(true);
    expect(FORMAT_CHECKS.idcard('11010519491231002X')).toBe(true);
    expect(FORMAT_CHECKS.plate('粤BD12345')).toBe(true);
    expect(FORMAT_CHECKS.bankcard('4111111111111111')).toBe(true);
    expect(FORMAT_CHECKS.roadPermit('440300123456')).toBe(true);
    for (const check of Object.values(FORMAT_CHECKS)) {
      expect(check(undefined)).toBe(false);
      expect(check('x')).toBe(false);
    }
  });
  it('ignores extra arguments such as those ajv may pass', () => {
    const idcard = FORMAT_CHECKS.idcard as (v: unknown, extra?: unknown) => boolean;
    expect(idcard('11010519491231002X', 0)).toBe(true);
  });
});
