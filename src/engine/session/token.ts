import Cookies from 'js-cookie';

export const TOKEN_COOKIE = 'Admin-Token';
/** Cookie of the data branch a user last chose; cleared at logout (spec §4). */
export const DATA_BRANCH_COOKIE = 'dataBranch';

export const getToken = (): string | undefined => Cookies.get(TOKEN_COOKIE);
export const setToken = (token: string) => Cookies.set(TOKEN_COOKIE, token, { sameSite: 'Lax' });
export const removeToken = () => Cookies.remove(TOKEN_COOKIE);
export const removeDataBranch = () => Cookies.remove(DATA_BRANCH_COOKIE);
