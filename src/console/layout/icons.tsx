import type { ComponentType } from 'react';
import {
  AlertOutlined, ApartmentOutlined, AppstoreOutlined, BankOutlined, BookOutlined, ControlOutlined, DashboardOutlined,
  DatabaseOutlined, DesktopOutlined, FileProtectOutlined, FileSearchOutlined, HistoryOutlined, KeyOutlined, LockOutlined,
  MenuOutlined, PhoneOutlined, PictureOutlined, ProfileOutlined, SafetyCertificateOutlined, SettingOutlined, StopOutlined,
  TeamOutlined, ThunderboltOutlined, ToolOutlined, UserOutlined, UsergroupAddOutlined, CarOutlined, AccountBookOutlined,
  AuditOutlined, CloudOutlined, EnvironmentOutlined, FileTextOutlined, FundOutlined, MoneyCollectOutlined, ShopOutlined,
  SolutionOutlined, TransactionOutlined, WalletOutlined, BarChartOutlined, ApiOutlined, BugOutlined, CustomerServiceOutlined,
} from '@ant-design/icons';

/** Menu icons by the names menu entries use; only these are bundled, unknown names get the default. */
const ICONS: Record<string, ComponentType> = {
  AlertOutlined, ApartmentOutlined, AppstoreOutlined, BankOutlined, BookOutlined, ControlOutlined, DashboardOutlined,
  DatabaseOutlined, DesktopOutlined, FileProtectOutlined, FileSearchOutlined, HistoryOutlined, KeyOutlined, LockOutlined,
  MenuOutlined, PhoneOutlined, PictureOutlined, ProfileOutlined, SafetyCertificateOutlined, SettingOutlined, StopOutlined,
  TeamOutlined, ThunderboltOutlined, ToolOutlined, UserOutlined, UsergroupAddOutlined, CarOutlined, AccountBookOutlined,
  AuditOutlined, CloudOutlined, EnvironmentOutlined, FileTextOutlined, FundOutlined, MoneyCollectOutlined, ShopOutlined,
  SolutionOutlined, TransactionOutlined, WalletOutlined, BarChartOutlined, ApiOutlined, BugOutlined, CustomerServiceOutlined,
};

export function MenuIcon({ name }: { name?: string | null }) {
  const Icon = (name && ICONS[name]) || AppstoreOutlined;
  return <Icon />;
}
