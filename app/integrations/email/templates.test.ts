import { describe, expect, test } from 'vitest';
import { getConfig } from '~/config.server';
import {
  accountDeletedMessage,
  emailConfirmationMessage,
  lawyerApprovedMessage,
  lawyerRejectedMessage,
  newLeadForLawyerMessage,
  passwordResetMessage,
  type EmailContent,
} from './templates.server';

const link = 'https://jusconecta.example/api/auth/verify-email?token=abc&callbackURL=%2Fauth-callback';
const hostileName = 'Ana <script>alert("x")</script> & "Cia"';

const all: Array<[string, EmailContent]> = [
  ['confirmation', emailConfirmationMessage({ name: 'Ana Souza', url: link })],
  ['password reset', passwordResetMessage({ name: 'Ana Souza', url: link })],
  ['approval', lawyerApprovedMessage({ name: 'Ana Souza' })],
  ['rejection', lawyerRejectedMessage({ name: 'Ana Souza', reason: 'Número da OAB não encontrado no CNA.' })],
  ['account deleted', accountDeletedMessage({ name: 'Ana Souza' })],
];

describe('e-mail templates', () => {
  test.each(all)('the %s e-mail is Portuguese, names the brand, and has an HTML and a text part', (_name, email) => {
    const brand = getConfig().brandName;
    expect(email.subject).toContain(brand);
    expect(email.html).toContain('<html lang="pt-BR">');
    expect(email.html).toContain('Olá, Ana Souza!');
    expect(email.text).toContain('Olá, Ana Souza!');
    expect(email.text).toContain(`Mensagem automática do ${brand}`);
    expect(email.text).not.toMatch(/<[a-z]/i);
    // No remote images, fonts or stylesheets: nothing is fetched when the message is opened.
    expect(email.html).not.toMatch(/<img|<link|<script|url\(|@import/i);
  });

  test('the confirmation and reset e-mails carry the link in both parts, escaped in the HTML', () => {
    const confirmation = emailConfirmationMessage({ name: 'Ana', url: link });
    expect(confirmation.subject).toBe('Confirme seu e-mail no JusConecta');
    expect(confirmation.link).toBe(link);
    expect(confirmation.text).toContain(`Confirmar e-mail: ${link}`);
    expect(confirmation.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);

    const reset = passwordResetMessage({ name: 'Ana', url: link });
    expect(reset.text).toContain('Este link expira em 1 hora');
    expect(reset.html).toContain('Este link expira em 1 hora');
    expect(reset.link).toBe(link);
  });

  test('a name is escaped in the HTML and kept on one line in the text', () => {
    const email = emailConfirmationMessage({ name: `${hostileName}\r\nBcc: x@y.z`, url: link });
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('Ana &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;Cia&quot;');
    expect(email.text).toContain('Olá, Ana <script>alert("x")</script> & "Cia" Bcc: x@y.z!');
    expect(email.subject).not.toContain('Ana');
  });

  test('a rejection names the support contact (SUPPORT_EMAIL, or suporte@ the host of APP_URL)', () => {
    const email = lawyerRejectedMessage({ name: 'Ana' });
    const contact = getConfig().supportContact.email;
    expect(email.text).toContain(`Entre em contato com o suporte para mais informações: ${contact}`);
    expect(email.html).toContain(contact);
  });

  test('a rejection reason is escaped too', () => {
    const email = lawyerRejectedMessage({ name: 'Ana', reason: '<b>OAB</b> inválida' });
    expect(email.html).toContain('Motivo: &lt;b&gt;OAB&lt;/b&gt; inválida');
    expect(email.text).toContain('Motivo: <b>OAB</b> inválida');
    expect(lawyerRejectedMessage({ name: 'Ana' }).text).not.toContain('Motivo');
  });

  test('a link that is not http(s) is refused', () => {
    expect(() => emailConfirmationMessage({ name: 'Ana', url: 'javascript:alert(1)' })).toThrow(/http\(s\)/);
  });

  test('the approval e-mail links to the lawyer area of this site', () => {
    expect(lawyerApprovedMessage({ name: 'Ana' }).text).toContain(`Acessar minha área: ${getConfig().appUrl}/area-advogado`);
  });

  test('a client’s name with line breaks is one quoted line in the lawyer’s new-lead e-mail', () => {
    const email = newLeadForLawyerMessage({ nome: 'Maria\r\n\r\nURGENTE: pague via PIX https://golpe.example', area: 'Direito de Família', city: 'São Paulo - SP' });
    expect(email.text).toContain('Nome: "Maria URGENTE: pague via PIX https://golpe.example"');
    expect(email.text.split('\n').filter((line) => line.includes('URGENTE'))).toHaveLength(1);
  });

  test('the new-lead e-mail greets without a name (one message for every lawyer of a request), escapes the client’s name and links to the CRM', () => {
    const email = newLeadForLawyerMessage({ nome: hostileName, area: 'Direito de Família', city: 'São Paulo - SP' });
    expect(email.subject).toBe(`Você recebeu um novo lead no ${getConfig().brandName}`);
    expect(email.template).toBe('novo-lead');
    expect(email.text.startsWith('Olá!\n')).toBe(true);
    expect(email.html).toContain('>Olá!</p>');
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('Nome: &quot;Ana &lt;script&gt;');
    expect(email.text).toContain(`Abrir meu CRM: ${getConfig().appUrl}/area-advogado?section=crm`);
  });
});
