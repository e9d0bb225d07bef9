import useSWR from 'swr';
import { fetchDashboard } from './dashboardData';

export type { DashboardData } from './dashboardData';

export function useDashboard() {
  return useSWR('dashboard', fetchDashboard, { refreshInterval: 120_000 });
}
