import { followLink } from './router';

/**
 * Where the back office lives. Deployments that host it elsewhere set VITE_CONSOLE_URL at build
 * time; by default it is this very page, whose hash router hands non-portal routes to the console.
 */
export function consoleBase(): string {
  const configured = import.meta.env.VITE_CONSOLE_URL as string | undefined;
  if (configured) return configured.replace(/#.*$/, '');
  return window.location.origin + window.location.pathname;
}

export function consoleUrl(route: string): string {
  return `${consoleBase()}#${route}`;
}

/** Login and the back-office root open in a new tab so the visitor keeps the portal open. */
export function openConsole(route: '/login' | '/'): void {
  window.open(consoleUrl(route), '_blank', 'noopener');
}

/** The consultation link: a chat service (http) opens in a new window, a route is followed here. */
export function openConsult(consultUrl: string): void {
  followLink(consultUrl.replace(/^#/, ''));
}

/** A dialable tel: link for a hotline written with dashes or spaces. */
export function telHref(hotline: string): string {
  return `tel:${hotline.replace(/[^\d+]/g, '')}`;
}
