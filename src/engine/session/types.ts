/** A menu entry as the server sends it in resourceList. */
export interface MenuEntry {
  code: string;
  menuTitle: string;
  name: string | null;
  path: string | null;
  component: string | null;
  icon: string | null;
  hidden: boolean;
  parentCode: string | null;
  menuLevel: number;
  url?: string | null;
  meta: {
    title: string;
    icon?: string | null;
    noCache?: boolean;
    affix?: boolean;
    url?: string | null;
    hidden?: boolean;
    roles?: string[];
  };
  children: MenuEntry[];
}

export interface UserInfo {
  name: string;
  code: string;
  avatar: string | null;
  introduction: string | null;
  phone?: string | null;
  roleList: { role: string; roleName: string }[];
  party: { code: string; name: string; headImg: string | null; groupName: string | null; kind: 'platform' | 'customer' };
  resourceList: MenuEntry[];
  translatelist: Record<string, string>;
  grants: Record<string, string[]> | 'all';
  secondUploadDetail: number;
}

export const ADMIN_ROLES = ['SUPER_ADMIN', 'PLAT_ADMIN'];
