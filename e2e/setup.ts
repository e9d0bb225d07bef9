import { afterEach } from 'vitest';
import { shootFailure } from './harness';

// A failed browser test leaves a picture of every page it had open, in test-results/e2e/failed.
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await shootFailure(ctx.task.name);
});
