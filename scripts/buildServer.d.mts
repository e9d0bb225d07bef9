/** Where `npm start` finds the bundled server. */
export const SERVER_BUNDLE: string;
/** Bundles src/server/main.ts into `outfile` (default SERVER_BUNDLE); returns its absolute path. */
export function buildServer(outfile?: string): string;
