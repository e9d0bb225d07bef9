const KEY = 'console.loginNotice';

/**
 * A message for the sign-in screen, which is a separate small app: the console leaves it here when
 * it sends the visitor back to sign in (spec §8, user info failure), the screen shows it once.
 */
export function leaveLoginNotice(message: string): void {
  try {
    sessionStorage.setItem(KEY, message);
  } catch {
    /* storage unavailable: the sign-in screen shows no notice */
  }
}

export function takeLoginNotice(): string | null {
  try {
    const message = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return message;
  } catch {
    return null;
  }
}
