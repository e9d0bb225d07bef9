import { api } from '../../engine/data/request';
import type { PageBundle } from '../../engine/data/pageApi';
import { arrivedSchema, fetchSchema, prefetchSchema } from '../../engine/renderers/usePageSchema';
import { fetchOnce, peekPrefetched, prefetch } from '../../engine/data/prefetch';
import { getTodoCount, TODO_COUNT_KEY } from '../todoCount';
import type { CarrierScores, Daily, StatusCount } from './chartOptions';

export interface DashboardData {
  figures: { ordersToday: number; waybillsInTransit: number; freightThisMonthFen: number; exceptionsOpen: number; waybillsTotal: number };
  daily: Daily[];
  statuses: StatusCount[];
  carriers: CarrierScores[];
  latest: { id: number; waybillNo: string; shipperCode: string; shipperName?: string | null; carrierCode: string; freightFen: number; status: string; createdAt: string }[];
}

const getDashboard = () => api.get<DashboardData>('/open-platform/dashboard', { tzOffset: new Date().getTimezoneOffset() }, { silent: true });

export const fetchDashboard = () => fetchOnce('dashboard', getDashboard);
/** Already here when the sign-in screen asked for it: the dashboard's first render shows it. */
export const arrivedDashboard = () => peekPrefetched<DashboardData>('dashboard');

/** The waybill page's schema names the states in the charts; it is null for users who may not read it. */
const WAYBILL_PAGE = 'tms/waybill/waybill';
export const fetchWaybillSchema = (lang: string): Promise<PageBundle | null> => fetchSchema(WAYBILL_PAGE, lang).catch(() => null);
export const arrivedWaybillSchema = (lang: string) => arrivedSchema(WAYBILL_PAGE, lang);

/** Right after sign-in, when the dashboard is where the visitor is going. */
export function prefetchDashboard(lang: string): void {
  void prefetchSchema(WAYBILL_PAGE, lang).catch(() => undefined);
  prefetch('dashboard', getDashboard);
  prefetch(TODO_COUNT_KEY, getTodoCount);
}
