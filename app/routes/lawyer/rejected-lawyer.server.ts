import { redirect } from 'react-router';
import { flashToastCookie } from '~/lib/flash-toast.server';
import { signOut } from '~/modules/accounts/login.server';
import { REJECTED_ACCOUNT_MESSAGE, SUSPENDED_ACCOUNT_MESSAGE } from '~/modules/lawyers/lawyer-area.server';

/** /login's query after a rejection: the page then shows the support contact (REJECTED_LOGIN_QUERY). */
export const REJECTED_LOGIN_PATH = '/login?conta=rejeitada';

/**
 * What a rejected (or suspended: its own toast) lawyer gets from the lawyer's pages (docs/product-rules.md, "Lawyer area"): signed out
 * (or /login would send them straight back) and sent to /login with the rejection toast, where the page
 * shows the support contact. A loader throws it: `throw await rejectedLawyerRedirect(request)`.
 */
export async function rejectedLawyerRedirect(request: Request, status: 'rejected' | 'suspended' = 'rejected'): Promise<Response> {
  const headers = new Headers();
  for (const cookie of await signOut(request.headers)) headers.append('Set-Cookie', cookie);
  headers.append('Set-Cookie', flashToastCookie(status === 'suspended' ? SUSPENDED_ACCOUNT_MESSAGE : REJECTED_ACCOUNT_MESSAGE));
  return redirect(REJECTED_LOGIN_PATH, { headers });
}
