import { internationalPhoneDigits } from '~/domain/phone';

/** Browser-safe rules for showing and contacting a lawyer. */

/** 'OAB/SP 123456', the way Brazilian lawyers write their registration (docs/product-rules.md, Lawyers). */
export function formatOab(uf: string, numero: string): string {
  return `OAB/${uf} ${numero}`;
}

/** The greeting a visitor sends when opening a chat from the site. */
export function whatsappGreeting(lawyerName: string, brandName: string): string {
  return `Olá, ${lawyerName}! Encontrei seu perfil no ${brandName} e gostaria de falar sobre o meu caso.`;
}

/** https://wa.me/55DDDNUMBER?text=... with the greeting URL-encoded (the stored number with or without its 55). */
export function whatsappChatUrl(digits: string, text: string): string {
  return `https://wa.me/${internationalPhoneDigits(digits)}?text=${encodeURIComponent(text)}`;
}

/** The first letter of the name, shown where there is no photo. */
export function initialOf(name: string): string {
  return name.trim().charAt(0).toLocaleUpperCase('pt-BR') || '?';
}
