import useSWR from 'swr';
import { arrivedDashboard, DASHBOARD_KEY, getDashboard } from './dashboardData';

export type { DashboardData } from './dashboardData';

export function useDashboard() {
  return useSWR(DASHBOARD_KEY, getDashboard, { refreshInterval: 120_000, fallbackData: arrivedDashboard() });
}
