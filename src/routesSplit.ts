/** Paths the public portal owns (spec §2.2, §2.4); every other path belongs to the console. */
const PORTAL_PREFIXES = ['/index', '/portalShow', '/solution'];

export function isPortalPath(path: string): boolean {
  if (path === '/' || path === '') return true;
  return PORTAL_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));
}
