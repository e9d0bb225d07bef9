/**
 * The entry shows one of three apps (portal, sign-in, console) for the hash address, and follows
 * the address whatever moves it: the browser (`hashchange`, `popstate`) or a router calling
 * `history.pushState` / `history.replaceState`, which fire no event of their own. Those two are
 * wrapped once so every move reaches the same listeners (spec §2.1, §2.2: the console's "Home" and
 * "System demo" open the portal, a signed-in visitor on /login lands on the root).
 */
const EVENT = 'appaddresschange';
const RECHECK = 'appaddressrecheck';
let installed = false;

function install() {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  for (const name of ['pushState', 'replaceState'] as const) {
    const original = window.history[name];
    window.history[name] = function patched(this: History, ...args: Parameters<History['pushState']>) {
      const before = window.location.href;
      original.apply(this, args);
      if (window.location.href !== before) window.dispatchEvent(new Event(EVENT));
    };
  }
}

/** Calls the listener after every change of address, once per change of href. */
export function onAppAddressChange(listener: () => void): () => void {
  install();
  let last = window.location.href;
  const changed = () => {
    if (window.location.href === last) return;
    last = window.location.href;
    listener();
  };
  const recheck = () => {
    last = window.location.href;
    listener();
  };
  const events = ['hashchange', 'popstate', EVENT];
  events.forEach((e) => window.addEventListener(e, changed));
  window.addEventListener(RECHECK, recheck);
  return () => {
    events.forEach((e) => window.removeEventListener(e, changed));
    window.removeEventListener(RECHECK, recheck);
  };
}

/** For a screen that needs the entry to look at the address again without moving it. */
export function announceAppAddress(): void {
  window.dispatchEvent(new Event(RECHECK));
}
