import Cookies from 'js-cookie';
import { DATA_BRANCH_COOKIE, TOKEN_COOKIE } from './cookieNames';

export { DATA_BRANCH_COOKIE, TOKEN_COOKIE };

export const getToken = (): string | undefined => Cookies.get(TOKEN_COOKIE);
export const setToken = (token: string) => Cookies.set(TOKEN_COOKIE, token, { sameSite: 'Lax' });
export const removeToken = () => Cookies.remove(TOKEN_COOKIE);
export const removeDataBranch = () => Cookies.remove(DATA_BRANCH_COOKIE);
