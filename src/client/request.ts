import axios, { AxiosError, type AxiosRequestConfig } from 'axios';
import i18next from 'i18next';
import { getToken, removeToken } from './token';
import { ApiError, DEVICE_ID, ERROR_TOAST_SECONDS, isEnvelope, REQUEST_TIMEOUT_MS, TOKEN_INVALID, type Envelope } from './envelope';
import { notifier } from './notifier';

export interface CallOptions extends AxiosRequestConfig {
  /** The caller shows the failure itself (forms put field errors on their fields). */
  silent?: boolean;
}

export const http = axios.create({
  baseURL: import.meta.env.VITE_API_BASE ?? '',
  timeout: REQUEST_TIMEOUT_MS,
  // The API authenticates by bearer token and sets no XSRF cookie. Looking for one, axios asks the
  // browser's asynchronous cookie store first, which held every request back by a task or more
  // (over 100 ms while the page was rendering).
  withXSRFToken: false,
});

/**
 * API requests in flight, on the page's root element as `data-requests`: the moment it reads 0 after
 * a navigation is when a page's data has arrived, which browser tests and benches wait for instead
 * of guessing with a pause.
 */
let inFlight = 0;
function track(delta: number) {
  inFlight += delta;
  if (typeof document !== 'undefined') document.documentElement.dataset.requests = String(inFlight);
}

/**
 * The calls of the signed-in session. Logging out or switching roles ends them first: one still
 * under way when the server revoked its token came back refused (401), after the page had moved on.
 */
let session = new AbortController();
export function endSessionCalls(): void {
  session.abort();
  session = new AbortController();
}

http.interceptors.request.use(
  (config) => {
    track(1);
    config.signal ??= session.signal;
    const token = getToken();
    if (token) {
      config.headers.set('Authorization', `Bearer ${token}`);
      config.headers.set('deviceId', DEVICE_ID);
    }
    if (i18next.language) config.headers.set('Accept-Language', i18next.language);
    return config;
    // Synchronous: the request leaves at once instead of a few promise steps later, when a render
    // React runs in a microtask may already hold the main thread (and the request) back.
  },
  undefined,
  { synchronous: true },
);
http.interceptors.response.use(
  (res) => {
    track(-1);
    return res;
  },
  (err) => {
    track(-1);
    return Promise.reject(err);
  },
);

let reloginOpen = false;

/** Spec §8: a lapsed session asks once whether to log in again; confirming drops the token and reloads. */
async function onTokenInvalid() {
  if (reloginOpen) return;
  reloginOpen = true;
  try {
    if (await notifier().confirmRelogin()) {
      removeToken();
      window.location.reload();
    }
  } finally {
    reloginOpen = false;
  }
}

function fail(err: ApiError, silent: boolean | undefined): never {
  if (err.status === TOKEN_INVALID) void onTokenInvalid();
  else if (!silent) notifier().error(err.message || 'Error', ERROR_TOAST_SECONDS);
  throw err;
}

/** Calls the API and unwraps the envelope; any failure is shown (unless silent) and thrown as ApiError. */
export async function call<T>(config: CallOptions): Promise<T> {
  const { silent, ...axiosConfig } = config;
  try {
    const res = await http.request<Envelope<T>>(axiosConfig);
    const body = res.data;
    if (axiosConfig.responseType === 'blob' || axiosConfig.responseType === 'arraybuffer') return body as unknown as T;
    if (!isEnvelope(body)) return fail(new ApiError('Error', -1, res.status), silent);
    if (body.status !== 0) return fail(toApiError(body, res.status), silent);
    return body.data as T;
  } catch (e) {
    if (e instanceof ApiError) throw e;
    // Ended with its session: nobody waits for it, so nothing is shown.
    if (axios.isCancel(e)) throw new ApiError(i18next.t('request.network'), -1, null);
    const ax = e as AxiosError<Envelope>;
    const body = ax.response?.data;
    // The server's envelope explains an HTTP error better than the status line does.
    if (isEnvelope(body)) return fail(toApiError(body, ax.response!.status), silent);
    const text = ax.code === 'ECONNABORTED' ? i18next.t('request.timeout') : ax.message || i18next.t('request.network');
    return fail(new ApiError(text, -1, ax.response?.status ?? null), silent);
  }
}

function toApiError(body: Envelope, httpStatus: number): ApiError {
  const data = body.data as { fieldErrors?: Record<string, string> } | null;
  return new ApiError(body.msg || 'Error', body.status, httpStatus, data?.fieldErrors ?? {}, body.data);
}

/** The spec sends several calls as query parameters or as a form; these keep the call sites short. */
export const api = {
  get: <T>(url: string, params?: object, opts: CallOptions = {}) => call<T>({ ...opts, method: 'GET', url, params }),
  post: <T>(url: string, data?: unknown, opts: CallOptions = {}) => call<T>({ ...opts, method: 'POST', url, data }),
  put: <T>(url: string, data?: unknown, opts: CallOptions = {}) => call<T>({ ...opts, method: 'PUT', url, data }),
  del: <T>(url: string, opts: CallOptions = {}) => call<T>({ ...opts, method: 'DELETE', url }),
  postQuery: <T>(url: string, params: object, opts: CallOptions = {}) => call<T>({ ...opts, method: 'POST', url, params }),
};
