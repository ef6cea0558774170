import { describe, expect, test } from 'vitest';
import { formatOab, initialOf, whatsappChatUrl, whatsappGreeting } from './contact';

describe('WhatsApp contact', () => {
  test('the chat link opens wa.me with the greeting prefilled and encoded', () => {
    const url = new URL(whatsappChatUrl('11987654321', whatsappGreeting('Ana Souza', 'JusConecta')));
    expect(url.origin).toBe('https://wa.me');
    expect(url.pathname).toBe('/5511987654321');
    // A number stored with its country code opens the same chat.
    expect(new URL(whatsappChatUrl('5511987654321', 'Olá')).pathname).toBe('/5511987654321');
    expect(url.searchParams.get('text')).toBe('Olá, Ana Souza! Encontrei seu perfil no JusConecta e gostaria de falar sobre o meu caso.');
  });

  test('the greeting names the lawyer and says where the visitor came from', () => {
    expect(whatsappGreeting('Bruno Lima', 'Acme Jurídico')).toContain('Bruno Lima');
    expect(whatsappGreeting('Bruno Lima', 'Acme Jurídico')).toContain('Acme Jurídico');
  });
});

describe('how a lawyer is shown', () => {
  test('OAB registration as number plus Seccional', () => {
    expect(formatOab('SP', '123456')).toBe('OAB/SP 123456');
  });

  test('the initial stands in for a missing photo', () => {
    expect(initialOf('érica Nunes')).toBe('É');
    expect(initialOf('  ')).toBe('?');
  });
});
