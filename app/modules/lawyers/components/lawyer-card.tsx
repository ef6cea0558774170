import type { LawyerCardView } from '../lawyer-card-view';
import { lawyerCardsHtml } from './lawyer-card-html';

/**
 * The lawyers' cards of a result page in their grid (landing pages). The cards are written as strings
 * (lawyer-card-html.ts, docs/decisions/0066), the search's own renderer: on pages without React in the
 * browser, nothing is lost by not making them React elements.
 */
export function LawyerCardGrid({ lawyers, brandName, className }: { lawyers: readonly LawyerCardView[]; brandName: string; className: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: lawyerCardsHtml(lawyers, brandName) }} />;
}
