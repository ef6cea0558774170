import { type AppConfig, getConfig } from '~/config.server';
import { formatCnpj } from '~/lib/cnpj';
import { formatPhone } from '~/domain/phone';
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

/** What a lawyer whose registration was rejected sends the platform's WhatsApp. */
export function rejectedLawyerWhatsAppGreeting(brandName: string): string {
  return `Olá! Meu cadastro de advogado no ${brandName} não foi aprovado e gostaria de saber o motivo.`;
}

/**
 * The support contact a rejected lawyer is shown (issue 27, part 5): the e-mail (SUPPORT_EMAIL or its
 * default) and, when SUPPORT_WHATSAPP is set, the number and its wa.me link with a greeting.
 */
export function rejectedLawyerSupport(config: AppConfig = getConfig()): { email: string; whatsapp: { text: string; href: string } | null } {
  const { email, whatsapp } = config.supportContact;
  return {
    email,
    whatsapp: whatsapp ? { text: formatPhone(whatsapp), href: whatsappChatUrl(whatsapp, rejectedLawyerWhatsAppGreeting(config.brandName)) } : null,
  };
}
