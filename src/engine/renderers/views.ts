import { lazyComponent } from '../../utils/lazyComponent';

// Each view is its own chunk: a list never downloads Formily, and only reports and dashboards download echarts.
export const ListPage = lazyComponent(() => import('./ListPage').then((m) => ({ default: m.ListPage })));
export const FormPage = lazyComponent(() => import('./FormPage').then((m) => ({ default: m.FormPage })));
export const DetailPage = lazyComponent(() => import('./DetailPage').then((m) => ({ default: m.DetailPage })));
export const SettingsPage = lazyComponent(() => import('./SettingsPage').then((m) => ({ default: m.SettingsPage })));
export const ReportPage = lazyComponent(() => import('./ReportPage').then((m) => ({ default: m.ReportPage })));
export const TabsPage = lazyComponent(() => import('./TabsPage').then((m) => ({ default: m.TabsPage })));
export const DashboardPage = lazyComponent(() => import('./dashboard/DashboardPage').then((m) => ({ default: m.DashboardPage })));
