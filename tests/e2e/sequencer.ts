import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The longest files start first, so that the two workers finish together instead of one waiting for
 * the other's last long file (Vitest orders by the durations of an earlier run, which a clean clone
 * does not have). The rest keep Vitest's usual order.
 */
export const FIRST = [
  'back-office-figures.e2e.ts',
  'crm.e2e.ts',
  'public-pages.e2e.ts',
  'lead-journey.e2e.ts',
  'site-links.e2e.ts',
  'profile-editing.e2e.ts',
  'server-lifecycle.e2e.ts',
  'lead-request.e2e.ts',
];

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = FIRST.indexOf(path.basename(file.moduleId));
      return index === -1 ? FIRST.length : index;
    };
    const sorted = await super.sort(files);
    return sorted.map((file, i) => ({ file, i })).sort((a, b) => rank(a.file) - rank(b.file) || a.i - b.i).map(({ file }) => file);
  }
}
