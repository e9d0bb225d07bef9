import { api } from '../../client/request';
import type { PageBundle } from '../../engine/data/pageApi';
import { arrivedSchema, fetchSchema, preloadSchema, schemaKey } from '../../engine/controllers/usePageSchema';
import { arrivedAnswer, preloadAnswer } from '../../engine/data/prefetch';
import { getTodoCount, TODO_COUNT_KEY } from '../todoCount';
import type { CarrierScores, Daily, StatusCount } from './chartOptions';

export interface DashboardData {
  figures: { ordersToday: number; waybillsInTransit: number; freightThisMonthFen: number; exceptionsOpen: number; waybillsTotal: number };
  daily: Daily[];
  statuses: StatusCount[];
  carriers: CarrierScores[];
  latest: {
    id: number;
    waybillNo: string;
    shipperCode: string;
    shipperName?: string | null;
    carrierCode: string;
    freightFen: number;
    status: string;
    createdAt: string;
  }[];
}

export const DASHBOARD_KEY = 'dashboard';
export const getDashboard = () =>
  api.get<DashboardData>('/open-platform/dashboard', { tzOffset: new Date().getTimezoneOffset() }, { silent: true });

/** Already here when the sign-in screen asked for it: the dashboard's first render shows it. */
export const arrivedDashboard = () => arrivedAnswer<DashboardData>(DASHBOARD_KEY);

/** The waybill page's schema names the states in the charts; it is null for users who may not read it. */
const WAYBILL_PAGE = 'tms/waybill/waybill';
/** The key the waybill list's own page reads too: a later visit of that list has its schema at once. */
export const waybillSchemaKey = (lang: string) => schemaKey(WAYBILL_PAGE, lang);
export const fetchWaybillSchema = (lang: string): Promise<PageBundle> => fetchSchema(WAYBILL_PAGE, lang);
export const arrivedWaybillSchema = (lang: string) => arrivedSchema(WAYBILL_PAGE, lang);

/** Right after sign-in, when the dashboard is where the visitor is going. */
export function prefetchDashboard(lang: string): void {
  void preloadSchema(WAYBILL_PAGE, lang).catch(() => undefined);
  void preloadAnswer(DASHBOARD_KEY, getDashboard).catch(() => undefined);
  void preloadAnswer(TODO_COUNT_KEY, getTodoCount).catch(() => undefined);
}
