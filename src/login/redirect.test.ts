import { redirectParam, safeRedirect } from './redirect';

describe('the redirect after sign-in', () => {
  it('follows in-app paths and nothing else', () => {
    expect(safeRedirect('/platformUser/department?page=2')).toBe('/platformUser/department?page=2');
    expect(safeRedirect(null)).toBe('/home');
    expect(safeRedirect('https://evil.example/')).toBe('/home');
    expect(safeRedirect('//evil.example/')).toBe('/home');
    expect(safeRedirect('/login?redirect=/x')).toBe('/home');
  });

  it('reads the parameter from the hash address', () => {
    expect(redirectParam('#/login?redirect=%2Fa%3Fb%3D1')).toBe('/a?b=1');
    expect(redirectParam('#/login')).toBeNull();
  });
});
