import type { ComponentType } from 'react';
import {
  AlertOutlined, ApartmentOutlined, AppstoreOutlined, BankOutlined, BookOutlined, ControlOutlined, DashboardOutlined,
  DatabaseOutlined, DesktopOutlined, FileProtectOutlined, FileSearchOutlined, HistoryOutlined, KeyOutlined, LockOutlined,
  MenuOutlined, PhoneOutlined, PictureOutlined, ProfileOutlined, SafetyCertificateOutlined, SettingOutlined, StopOutlined,
  TeamOutlined, ThunderboltOutlined, ToolOutlined, UserOutlined, UsergroupAddOutlined, CarOutlined, AccountBookOutlined,
  AuditOutlined, CloudOutlined, EnvironmentOutlined, FileTextOutlined, FundOutlined, MoneyCollectOutlined, ShopOutlined,
  SolutionOutlined, TransactionOutlined, WalletOutlined, BarChartOutlined, ApiOutlined, BugOutlined, CustomerServiceOutlined,
  AimOutlined, ClusterOutlined, IdcardOutlined, LinkOutlined, NodeIndexOutlined, NotificationOutlined, SafetyOutlined, SendOutlined,
} from '@ant-design/icons';

/** Menu icons by the names menu entries use (MENU_ICONS in shared/widgetNames.ts); the menu check refuses any other name. */
export const ICONS: Record<string, ComponentType> = {
  AlertOutlined, ApartmentOutlined, AppstoreOutlined, BankOutlined, BookOutlined, ControlOutlined, DashboardOutlined,
  DatabaseOutlined, DesktopOutlined, FileProtectOutlined, FileSearchOutlined, HistoryOutlined, KeyOutlined, LockOutlined,
  MenuOutlined, PhoneOutlined, PictureOutlined, ProfileOutlined, SafetyCertificateOutlined, SettingOutlined, StopOutlined,
  TeamOutlined, ThunderboltOutlined, ToolOutlined, UserOutlined, UsergroupAddOutlined, CarOutlined, AccountBookOutlined,
  AuditOutlined, CloudOutlined, EnvironmentOutlined, FileTextOutlined, FundOutlined, MoneyCollectOutlined, ShopOutlined,
  SolutionOutlined, TransactionOutlined, WalletOutlined, BarChartOutlined, ApiOutlined, BugOutlined, CustomerServiceOutlined,
  AimOutlined, ClusterOutlined, IdcardOutlined, LinkOutlined, NodeIndexOutlined, NotificationOutlined, SafetyOutlined, SendOutlined,
};

export function MenuIcon({ name }: { name?: string | null }) {
  const Icon = (name && ICONS[name]) || AppstoreOutlined;
  return <Icon />;
}
