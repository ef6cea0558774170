import { beforeEach } from 'vitest';
import { flushAnalytics, forgetRecentVisits } from '~/modules/analytics/analytics.server';
import { resetVisitorHashState } from '~/modules/analytics/visitor-hash.server';
import { openTestDatabase, resetTestDatabase } from './test-database';

await openTestDatabase();

beforeEach(async () => {
  await flushAnalytics();
  await resetVisitorHashState();
  await resetTestDatabase();
  forgetRecentVisits();
});
