/**
 * How the request layer talks to the person: the console registers antd's message and modal here
 * (inside its App context, so they follow the theme); tests register fakes.
 */
export interface Notifier {
  error(text: string, durationSeconds: number): void;
  /** Resolves true when the person chooses to log in again. */
  confirmRelogin(): Promise<boolean>;
}

let current: Notifier = {
  error: (text) => console.error(text),
  confirmRelogin: async () => false,
};

export function setNotifier(n: Notifier) {
  current = n;
}

export function notifier(): Notifier {
  return current;
}
