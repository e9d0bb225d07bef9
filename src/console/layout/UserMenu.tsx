import { Avatar, Dropdown, type MenuProps } from 'antd';
import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isAdmin, logout, switchRole, useSession } from '../../engine/session/store';
import { useRoleName } from './useRoleName';

/** Spec §2.6 and §6: home for everyone, management centre and change password for admins only, log out for everyone. */
export function UserMenu() {
  const { info, roles } = useSession();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const admin = isAdmin(roles);
  const roleName = useRoleName();
  const otherRoles = (info?.roleList ?? []).slice(1);
  const items: MenuProps['items'] = [
    { key: 'home', label: t('layout.home') },
    ...(admin
      ? [
          { key: 'center', label: t('layout.managementCenter') },
          { key: 'password', label: t('layout.changePassword') },
        ]
      : []),
    ...(otherRoles.length
      ? [
          { type: 'divider' as const },
          ...otherRoles.map((r) => ({ key: `role:${r.role}`, label: t('layout.switchTo', { role: roleName(r.role, r.roleName) }) })),
        ]
      : []),
    { type: 'divider' },
    { key: 'logout', label: t('layout.logout'), danger: true },
  ];
  const onClick: MenuProps['onClick'] = async ({ key }) => {
    if (key === 'home') navigate('/portalShow');
    else if (key === 'center') navigate('/home');
    else if (key === 'password') navigate('/profile/updatePassword');
    else if (key.startsWith('role:')) {
      await switchRole(key.slice(5));
      navigate('/home');
    } else if (key === 'logout') {
      await logout();
      navigate('/login', { replace: true });
    }
  };
  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <button type="button" className="user-menu" data-testid="user-menu">
        <span className="sr-only">{t('layout.userMenu')}</span>
        <Avatar size={28} src={info?.avatar || undefined} icon={<UserOutlined />} />
        <span className="user-menu__name hide-mobile">{info?.name}</span>
        <span className="user-menu__role hide-mobile">
          {info?.roleList[0] && roleName(info.roleList[0].role, info.roleList[0].roleName)}
        </span>
        <DownOutlined className="hide-mobile" />
      </button>
    </Dropdown>
  );
}
