/**
 * Names a page schema may use, kept free of React so the schema checks (CI, server) can read them.
 * widgets/index.ts registers a component under each name; a test keeps the two lists equal.
 */

/**
 * Form inputs from @formily/antd-v5, usable as x-component. Formily looks a dotted name up as a
 * path ('Radio.Group' is components.Radio.Group), so each dotted name's parent is listed too.
 */
export const FORMILY_COMPONENTS = [
  'Input',
  'Input.TextArea',
  'Select',
  'NumberPicker',
  'Switch',
  'DatePicker',
  'DatePicker.RangePicker',
  'TimePicker',
  'Checkbox',
  'Checkbox.Group',
  'Radio',
  'Radio.Group',
  'Cascader',
  'TreeSelect',
  'Transfer',
  'ArrayTable',
] as const;

/** The project's own form widgets (x-component). */
export const FORM_WIDGETS = [
  'Money',
  'RefSelect',
  'RegionCascader',
  'DateRange',
  'Password',
  'Upload',
  'MenuTreePicker',
  'JsonEditor',
  'ColorPicker',
] as const;

/** Display widgets for list cells and detail values (x-cell). */
export const CELL_WIDGETS = [
  'Text',
  'StatusTag',
  'Money',
  'RefLabel',
  'DateTime',
  'Date',
  'Boolean',
  'Tags',
  'Image',
  'Region',
  'Masked',
  'Json',
  'Percent',
  'Link',
  'Items',
  'ItemsTable',
] as const;

export const ALL_COMPONENT_NAMES: readonly string[] = [...FORMILY_COMPONENTS, ...FORM_WIDGETS];

/** Menu icons (@ant-design/icons names) the console bundles; console/layout/icons.tsx maps each, a test keeps them equal. */
export const MENU_ICONS: readonly string[] = [
  'AccountBookOutlined',
  'AimOutlined',
  'AlertOutlined',
  'ApartmentOutlined',
  'ApiOutlined',
  'AppstoreOutlined',
  'AuditOutlined',
  'BankOutlined',
  'BarChartOutlined',
  'BookOutlined',
  'BugOutlined',
  'CarOutlined',
  'CloudOutlined',
  'ClusterOutlined',
  'ControlOutlined',
  'CustomerServiceOutlined',
  'DashboardOutlined',
  'DatabaseOutlined',
  'DesktopOutlined',
  'EnvironmentOutlined',
  'FileProtectOutlined',
  'FileSearchOutlined',
  'FileTextOutlined',
  'FundOutlined',
  'HistoryOutlined',
  'IdcardOutlined',
  'KeyOutlined',
  'LinkOutlined',
  'LockOutlined',
  'MenuOutlined',
  'MoneyCollectOutlined',
  'NodeIndexOutlined',
  'NotificationOutlined',
  'PhoneOutlined',
  'PictureOutlined',
  'ProfileOutlined',
  'SafetyCertificateOutlined',
  'SafetyOutlined',
  'SendOutlined',
  'SettingOutlined',
  'ShopOutlined',
  'SolutionOutlined',
  'StopOutlined',
  'TeamOutlined',
  'ThunderboltOutlined',
  'ToolOutlined',
  'TransactionOutlined',
  'UserOutlined',
  'UsergroupAddOutlined',
  'WalletOutlined',
];
