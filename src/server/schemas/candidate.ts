import type { AppContext } from '../context.js';
import type { PageSchema } from '../../shared/schema/types.js';
import { checkSchemas } from './load.js';
import { storedSchemas } from './versions.js';

/** One problem of a checked schema, placed where the analyst must edit. */
export interface PlacedProblem {
  /** The page whose text has the problem: the candidate itself, or another page it breaks. */
  page: string;
  message: string;
  line: number;
  column: number;
}

export interface CandidateCheck {
  problems: PlacedProblem[];
  /** The candidate as the engine sees it (templates resolved), when it is valid on its own. */
  page?: PageSchema;
}

/** Page ids are folder paths of letters and digits; templates (`_` names) are not pages. */
export const PAGE_ID = /^[a-zA-Z][a-zA-Z0-9]*(\/[a-zA-Z][a-zA-Z0-9]*)+$/;

/** "src/schemas/a/b.json: message (line 3, column 5)" as load.ts writes every problem. */
const LOCATED = /^(\S+?)\.json: (.*) \(line (\d+), column (\d+)\)$/s;

function place(line: string, ids: string[]): PlacedProblem {
  const m = LOCATED.exec(line);
  if (!m) return { page: '', message: line, line: 1, column: 1 };
  const file = m[1];
  const page = ids.find((id) => file === id || file.endsWith(`/${id}`)) ?? file;
  return { page, message: m[2], line: Number(m[3]), column: Number(m[4]) };
}

/**
 * Checks a page's text with exactly the checks of a start: the candidate stands in for the page's
 * file (and its saved version), among every other page as this server serves them, so a change that
 * breaks another page's reference is found too.
 */
export async function checkCandidate(
  ctx: AppContext,
  id: string,
  source: string,
  messages?: Partial<Record<'zh' | 'en' | 'es' | 'ja', Record<string, string>>>,
): Promise<CandidateCheck> {
  const overrides = await storedSchemas(ctx.database);
  overrides.set(id, source);
  // The candidate must define every key it shows, as the schema test demands: a raw key would show on screen.
  const { pages, problems } = checkSchemas(ctx.config.schemasDir, overrides, { keysOf: (page) => page.id === id, messages });
  const ids = [...new Set([id, ...pages.keys(), ...overrides.keys(), ...ctx.schemas.pages.keys()])];
  const placed = problems.map((p) => place(p, ids));
  // The candidate's own problems first: those are the ones the editor marks at their line.
  placed.sort((a, b) => Number(b.page === id) - Number(a.page === id));
  return { problems: placed, page: pages.get(id) };
}
