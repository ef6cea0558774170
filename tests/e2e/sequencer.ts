import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * A few files run first, in this order. /admin/mensagens lists every message of the shared server, and
 * its test expects no WhatsApp message there yet. Then the files that read the back office's whole-site
 * figures on the 'pristine' server (tests/e2e/global-setup.ts): each one's changes there come after
 * every figure an earlier one reads (the dashboard's 121 lawyers; the reports' leads; the financial
 * tab's revenue; a landing page's two lawyers; the leads list, which then deletes the demo lawyer). The
 * other files only use the shared server and their own data, in Vitest's usual order.
 */
export const FIRST = ['admin-messages.e2e.ts', 'admin.e2e.ts', 'admin-reports.e2e.ts', 'admin-lawyers.e2e.ts', 'landing-pages.e2e.ts', 'admin-leads.e2e.ts'];

export default class FixedFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = FIRST.indexOf(path.basename(file.moduleId));
      return index === -1 ? FIRST.length : index;
    };
    const sorted = await super.sort(files);
    return sorted.map((file, i) => ({ file, i })).sort((a, b) => rank(a.file) - rank(b.file) || a.i - b.i).map(({ file }) => file);
  }
}
