import { describe, expect, test } from 'vitest';
import { CLIENT_IP_HEADER } from '~/auth/auth.server';
import { signInWithPassword } from '~/modules/accounts/login.server';
import { hasGatewayToken, readGatewayToken } from '~/modules/messaging/gateway-tokens.server';
import { getMessagingSettings } from '~/modules/messaging/messaging-settings.server';
import { action, loader } from '~/routes/lawyer/lawyer-area';
import { createLawyer } from '../factories/lawyers';

// The messaging card's posts and the monitoring section's data as the server answers them: a real
// session cookie, a form body, the answer a browser gets.

const PASSWORD = 'senha-certa-123';
const TOKEN = 'wz-token-da-advogada-123';

async function lawyerWithLogin(email: string, overrides: Parameters<typeof createLawyer>[0] = {}) {
  const lawyer = await createLawyer({ email, password: PASSWORD, plan: 'premium', ...overrides });
  const result = await signInWithPassword({ email, password: PASSWORD }, new Headers({ [CLIENT_IP_HEADER]: '203.0.113.1' }));
  return { ...lawyer, cookie: result.setCookies.map((c) => c.split(';')[0]).join('; ') };
}

type Args = Parameters<typeof action>[0];

/** Posts the form as a browser does; a redirect (thrown) comes back as the Response. */
async function post(cookie: string, fields: Record<string, string>): Promise<unknown> {
  const request = new Request('http://localhost:3000/area-advogado?section=monitoramento', {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
  try {
    return await action({ request, params: {}, context: {} } as unknown as Args);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

async function open(cookie: string) {
  const request = new Request('http://localhost:3000/area-advogado?section=monitoramento', { headers: { cookie } });
  return loader({ request, params: {}, context: {} } as unknown as Parameters<typeof loader>[0]);
}

describe('the messaging settings card', () => {
  test('saving redirects back to the card with the toast; the area then says only “configurado”', async () => {
    const ana = await lawyerWithLogin('ana@exemplo.adv.br');
    const response = (await post(ana.cookie, { intent: 'salvar-notificacoes', numero: '(11) 98765-4321', token: TOKEN })) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/area-advogado?section=monitoramento');
    expect(response.headers.get('Set-Cookie')).toContain(encodeURIComponent('Configurações salvas com sucesso'));

    const area = await open(ana.cookie);
    expect(area).toMatchObject({ state: 'approved', section: 'monitoramento', messaging: { settings: { notificationNumber: '5511987654321', token: 'configurado' } } });
    expect(area.state === 'approved' && area.messaging?.sendKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(area)).not.toContain(TOKEN);
  });

  test('a wrong number is answered beside the field with the number kept, never the token', async () => {
    const ana = await lawyerWithLogin('ana@exemplo.adv.br');
    const answer = (await post(ana.cookie, { intent: 'salvar-notificacoes', numero: '119', token: TOKEN })) as { init: ResponseInit; data: unknown };
    expect(answer.init.status).toBe(400);
    expect(answer.data).toEqual({
      ok: false,
      door: 'notificacoes',
      intent: 'salvar-notificacoes',
      errors: { numero: 'Por favor, insira um número de WhatsApp válido' },
      message: null,
      values: { intent: 'salvar-notificacoes', numero: '119' },
    });
    expect(await hasGatewayToken(ana.id)).toBe(false);
  });

  test('a lawyer id in the form is ignored: the session’s lawyer is the one changed', async () => {
    const ana = await lawyerWithLogin('ana@exemplo.adv.br');
    const bruno = await lawyerWithLogin('bruno@exemplo.adv.br');
    await post(ana.cookie, { intent: 'salvar-notificacoes', numero: '11987654321', token: TOKEN, lawyerId: bruno.id, lawyer_id: bruno.id });
    expect(await readGatewayToken(ana.id)).toBe(TOKEN);
    expect(await hasGatewayToken(bruno.id)).toBe(false);

    await post(bruno.cookie, { intent: 'remover-token', lawyerId: ana.id });
    expect(await hasGatewayToken(ana.id)).toBe(true);
    const removed = (await post(ana.cookie, { intent: 'remover-token' })) as Response;
    expect(removed.headers.get('Set-Cookie')).toContain(encodeURIComponent('Token do WiizoChat removido com segurança'));
    expect(await hasGatewayToken(ana.id)).toBe(false);
  });

  test('a test send without a token says what to configure; a plan without notifications is refused', async () => {
    const ana = await lawyerWithLogin('ana@exemplo.adv.br');
    const answer = (await post(ana.cookie, { intent: 'testar-notificacao', envio: crypto.randomUUID() })) as { init: ResponseInit; data: { message: string } };
    expect(answer.init.status).toBe(400);
    expect(answer.data.message).toBe('Configure o token e o número para testar.');

    const carla = await lawyerWithLogin('carla@exemplo.adv.br', { plan: 'gratuito' });
    const refused = (await post(carla.cookie, { intent: 'salvar-notificacoes', numero: '11987654321', token: TOKEN })) as { init: ResponseInit; data: { message: string } };
    expect(refused.init.status).toBe(403);
    expect(refused.data.message).toBe('Erro ao salvar: As notificações por WhatsApp fazem parte dos planos Intermediário e Premium.');
    expect((await getMessagingSettings(carla.id)).allowed).toBe(false);
  });

  test('an unknown intent is a 400 in Portuguese; a pending lawyer is sent back to the area', async () => {
    const ana = await lawyerWithLogin('ana@exemplo.adv.br');
    const answer = (await post(ana.cookie, { intent: 'apagar-tudo' })) as { init: ResponseInit; data: { message: string } };
    expect(answer.init.status).toBe(400);
    expect(answer.data.message).toBe('Ação desconhecida. Recarregue a página e tente novamente.');

    const pending = await lawyerWithLogin('pendente@exemplo.adv.br', { status: 'pending' });
    const response = (await post(pending.cookie, { intent: 'salvar-notificacoes', numero: '11987654321', token: TOKEN })) as Response;
    expect(response.headers.get('Location')).toBe('/area-advogado');
    expect(await hasGatewayToken(pending.id)).toBe(false);
  });
});
