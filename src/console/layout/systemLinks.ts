/** The messages a system link shows; the console passes antd's message API. */
export interface LinkFeedback {
  loading(text: string, seconds: number): void;
  success(text: string): void;
  warning(text: string): void;
}

/** Spec §9: the 'configuring' step lasts 3 seconds. */
export const CONFIGURING_MS = 3000;

/**
 * Spec §2.6: a link with action 2 says 'configuring' for 3 seconds, then 'success', then opens; an
 * empty link or '#' is a system still under development.
 */
export function openSystemLink(
  link: string | null | undefined,
  action: number,
  feedback: LinkFeedback,
  t: (k: string) => string,
  open: (url: string) => void = (url) => void window.open(url, '_blank', 'noopener'),
): Promise<void> {
  if (!link || link === '#') {
    feedback.warning(t('layout.systemUnderDevelopment'));
    return Promise.resolve();
  }
  if (action !== 2) {
    open(link);
    return Promise.resolve();
  }
  feedback.loading(t('layout.configuring'), CONFIGURING_MS / 1000);
  return new Promise((resolve) => {
    setTimeout(() => {
      feedback.success(t('layout.success'));
      open(link);
      resolve();
    }, CONFIGURING_MS);
  });
}

/** The customer-service chat opens in a window of its own. */
export function openChat(url: string) {
  window.open(url, 'customer-service', 'noopener,width=420,height=640');
}
