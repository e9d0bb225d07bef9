import useSWR from 'swr';
import { arrivedDashboard, fetchDashboard } from './dashboardData';

export type { DashboardData } from './dashboardData';

export function useDashboard() {
  return useSWR('dashboard', fetchDashboard, { refreshInterval: 120_000, fallbackData: arrivedDashboard() });
}
