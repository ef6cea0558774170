import { getCurrentUser } from '~/auth/session.server';
import { getConfig } from '~/config.server';
import { saoPauloYear } from '~/domain/catalog/profile-details';
import { formatCnpj } from '~/lib/cnpj';
import { readFlashToast } from '~/lib/flash-toast.server';
import type { SiteFrameData } from './site-frame';

/** The frame's data for a request: the root loader's, and the search's own document (docs/decisions/0066). */
export async function loadSiteFrame(request: Pick<Request, 'headers'>): Promise<SiteFrameData> {
  const config = getConfig();
  const user = await getCurrentUser(request);
  return {
    site: { brandName: config.brandName, appUrl: config.appUrl },
    user: user ? { name: user.name, email: user.email } : null,
    toast: readFlashToast(request),
    year: saoPauloYear(),
    // The footer's company line (docs/decisions/0025): only what is configured.
    company: { name: config.company?.name, cnpj: config.company && formatCnpj(config.company.cnpj), email: config.supportEmail },
  };
}
