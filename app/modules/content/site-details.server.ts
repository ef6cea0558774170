import { type AppConfig, getConfig } from '~/config.server';
import { formatCnpj } from '~/lib/cnpj';
import { whatsappChatUrl } from '~/modules/lawyers/contact';
import type { SiteDetails } from './page-text';

/** Who runs the site and how to reach them, as the legal pages show it (docs/decisions/0025). */
export function getSiteDetails(config: AppConfig = getConfig()): SiteDetails {
  return {
    brandName: config.brandName,
    company: config.company ? { name: config.company.name, cnpj: formatCnpj(config.company.cnpj) } : null,
    supportEmail: config.supportEmail ?? null,
    privacyOfficer: { name: config.privacyOfficer.name ?? null, email: config.privacyOfficer.email ?? null },
  };
}

/** The greeting of the legal-areas page's WhatsApp button: it asks for help finding a lawyer, not for legal advice. */
export function supportWhatsAppGreeting(brandName: string): string {
  return `Olá! Vim pelo site do ${brandName} e gostaria de uma orientação para encontrar o advogado certo para o meu caso.`;
}

/** The wa.me link to the platform's own number (SUPPORT_WHATSAPP); null when none is configured: the page shows no button. */
export function supportWhatsAppHref(config: AppConfig = getConfig()): string | null {
  return config.supportWhatsApp ? whatsappChatUrl(config.supportWhatsApp, supportWhatsAppGreeting(config.brandName)) : null;
}
