/**
 * The entry shows one of three apps (portal, sign-in, console) for the hash address. A hash change
 * made by the browser fires `hashchange`; the console's router changes the address with
 * `history.replaceState`, which fires nothing, so the console announces when it leaves for /login.
 */
const listeners = new Set<() => void>();

export function onAppAddressChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function announceAppAddress(): void {
  listeners.forEach((l) => l());
}
