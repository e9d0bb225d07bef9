import useSWR from 'swr';
import { api } from '../../engine/data/request';
import type { CarrierScores, Daily, StatusCount } from './chartOptions';

export interface DashboardData {
  figures: { ordersToday: number; waybillsInTransit: number; freightThisMonthFen: number; exceptionsOpen: number; waybillsTotal: number };
  daily: Daily[];
  statuses: StatusCount[];
  carriers: CarrierScores[];
  latest: { id: number; waybillNo: string; shipperCode: string; carrierCode: string; freightFen: number; status: string; createdAt: string }[];
}

export function useDashboard() {
  return useSWR('dashboard', () => api.get<DashboardData>('/open-platform/dashboard', { tzOffset: new Date().getTimezoneOffset() }, { silent: true }), {
    refreshInterval: 120_000,
  });
}
