/** Browser-safe rules for showing and contacting a lawyer. */

/** 'OAB/SP 123456', the way Brazilian lawyers write their registration (docs/product-rules.md, Lawyers). */
export function formatOab(uf: string, numero: string): string {
  return `OAB/${uf} ${numero}`;
}

/**
 * The number in international form for wa.me: Brazilian numbers are stored as digits, with or without
 * the country code 55 ('11987654321' and '5511987654321' both give '5511987654321').
 */
export function internationalWhatsApp(digits: string): string {
  const clean = digits.replace(/\D/g, '');
  if (clean.startsWith('55') && clean.length >= 12) return clean;
  return `55${clean}`;
}

/** The greeting a visitor sends when opening a chat from the site. */
export function whatsappGreeting(lawyerName: string, brandName: string): string {
  return `Olá, ${lawyerName}! Encontrei seu perfil no ${brandName} e gostaria de falar sobre o meu caso.`;
}

/** https://wa.me/55DDDNUMBER?text=... with the greeting URL-encoded. */
export function whatsappChatUrl(digits: string, text: string): string {
  return `https://wa.me/${internationalWhatsApp(digits)}?text=${encodeURIComponent(text)}`;
}

/** '5511987654321' -> '(11) 98765-4321'; anything unexpected is returned as it came. */
export function formatBrazilianPhone(digits: string): string {
  const national = internationalWhatsApp(digits).slice(2);
  const match = /^(\d{2})(\d{4,5})(\d{4})$/.exec(national);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : digits;
}

/** The first letter of the name, shown where there is no photo. */
export function initialOf(name: string): string {
  return name.trim().charAt(0).toLocaleUpperCase('pt-BR') || '?';
}
