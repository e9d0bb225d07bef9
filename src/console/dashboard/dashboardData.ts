import { api } from '../../engine/data/request';
import { pageApi, type PageBundle } from '../../engine/data/pageApi';
import { fetchOnce, peekPrefetched, prefetch } from '../../engine/data/prefetch';
import { getTodoCount, TODO_COUNT_KEY } from '../todoCount';
import type { CarrierScores, Daily, StatusCount } from './chartOptions';

export interface DashboardData {
  figures: { ordersToday: number; waybillsInTransit: number; freightThisMonthFen: number; exceptionsOpen: number; waybillsTotal: number };
  daily: Daily[];
  statuses: StatusCount[];
  carriers: CarrierScores[];
  latest: { id: number; waybillNo: string; shipperCode: string; carrierCode: string; freightFen: number; status: string; createdAt: string }[];
}

const getDashboard = () => api.get<DashboardData>('/open-platform/dashboard', { tzOffset: new Date().getTimezoneOffset() }, { silent: true });

export const fetchDashboard = () => fetchOnce('dashboard', getDashboard);
/** Already here when the sign-in screen asked for it: the dashboard's first render shows it. */
export const arrivedDashboard = () => peekPrefetched<DashboardData>('dashboard');

/** The waybill page's schema names the states in the charts; it is null for users who may not read it. */
const getWaybillSchema = () => pageApi.schema('tms/waybill/waybill').catch(() => null);
export const fetchWaybillSchema = (lang: string): Promise<PageBundle | null> => fetchOnce(`waybill-schema:${lang}`, getWaybillSchema);
export const arrivedWaybillSchema = (lang: string) => peekPrefetched<PageBundle | null>(`waybill-schema:${lang}`);

/** Right after sign-in, when the dashboard is where the visitor is going. */
export function prefetchDashboard(lang: string): void {
  prefetch(`waybill-schema:${lang}`, getWaybillSchema);
  prefetch('dashboard', getDashboard);
  prefetch(TODO_COUNT_KEY, getTodoCount);
}
