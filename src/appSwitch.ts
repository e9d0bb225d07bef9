/**
 * The entry shows one of three apps (portal, sign-in, console) for the hash address, and follows
 * the address whatever moves it: the browser (`hashchange`, `popstate`) or a router calling
 * `history.pushState` / `history.replaceState`, which fire no event of their own. Those two are
 * wrapped once so every move reaches the same listeners (spec §2.1, §2.2: the console's "Home" and
 * "System demo" open the portal, a signed-in visitor on /login lands on the root).
 */
const EVENT = 'appaddresschange';
const EVENTS = ['hashchange', 'popstate', EVENT];
let installed = false;

function install() {
  if (installed) return;
  installed = true;
  for (const name of ['pushState', 'replaceState'] as const) {
    const original = history[name];
    history[name] = function patched(this: History, ...args: Parameters<History['pushState']>) {
      original.apply(this, args);
      dispatchEvent(new Event(EVENT));
    };
  }
}

/** Calls the listener after every change of address (possibly twice for one: it must be idempotent). */
export function onAppAddressChange(listener: () => void): () => void {
  install();
  EVENTS.forEach((e) => addEventListener(e, listener));
  return () => EVENTS.forEach((e) => removeEventListener(e, listener));
}

/** For a screen that needs the entry to look at the address again without moving it. */
export function announceAppAddress(): void {
  dispatchEvent(new Event(EVENT));
}
