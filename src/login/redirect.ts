/** Where to go after signing in: the redirect parameter when it is an in-app path, else the dashboard. */
export function safeRedirect(raw: string | null): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/login')) return '/home';
  return raw;
}

/** The redirect parameter of the current hash address (`#/login?redirect=…`). */
export function redirectParam(hash = window.location.hash): string | null {
  const query = hash.split('?')[1];
  return query ? new URLSearchParams(query).get('redirect') : null;
}
