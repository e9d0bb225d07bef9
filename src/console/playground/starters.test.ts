import { describe, expect, it } from 'vitest';
import { validatePageSchema } from '../../shared/schema/validate';
import { STARTER_KINDS, starter } from './starters';

describe('starters of new pages', () => {
  it.each(STARTER_KINDS)('%s passes the schema checks as it is', (kind) => {
    const page = JSON.parse(starter(kind, 'playDemo/myPage'));
    expect(validatePageSchema(page)).toEqual([]);
    expect(page.resource.table).toBe('pg_play_demo_my_page');
  });
});
