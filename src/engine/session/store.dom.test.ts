import { describe, expect, it } from 'vitest';
import { acceptUserInfo, logout, sessionStore } from './store';
import { takeLoginNotice } from './loginNotice';
import { getToken, removeToken, setToken } from '../../client/token';
import type { UserInfo } from './types';

const info = (roles: string[]) =>
  ({
    name: 'Admin',
    roleList: roles.map((role) => ({ role, roleName: role })),
    resourceList: [{ code: 'root', menuTitle: 'menu.root', children: [] }],
  }) as unknown as UserInfo;

describe('the user info that came with the sign-in', () => {
  it('makes the session ready without asking, and a later one does not replace it', () => {
    setToken('tok-1');
    acceptUserInfo(info(['SUPER_ADMIN']));
    expect(sessionStore.get()).toMatchObject({ status: 'ready', roles: ['SUPER_ADMIN'] });
    acceptUserInfo(info(['STAFF']));
    expect(sessionStore.get().roles).toEqual(['SUPER_ADMIN']);
  });

  it('without a role, fails as a fetched one does: token removed, the reason left for the sign-in screen', async () => {
    removeToken(); // so the sign-out below sends nothing: it only empties the session
    await logout();
    setToken('tok-2');
    acceptUserInfo(info([]));
    expect(sessionStore.get().status).toBe('error');
    expect(getToken()).toBeFalsy();
    expect(takeLoginNotice()).toBe(sessionStore.get().error);
  });
});
