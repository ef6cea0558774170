import http from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { realWorldFiles, realWorldText } from '../../../tests/support/real-world';
import { createCloudApiSender } from './cloud-api.server';
import { WhatsAppDeliveryError } from './whatsapp';

// The Cloud API adapter against real Graph API answers (../shared/fixtures/real-world/wa-*.json), each
// served with the HTTP status its file name gives: what the send policy makes of each one.

const EXPECTED: Record<string, 'sent' | 'retry' | 'permanent'> = {
  'wa-400-130429.json': 'retry',
  'wa-400-131026.json': 'permanent',
  'wa-400-131047.json': 'permanent',
  'wa-400-131056.json': 'retry',
  'wa-400-132005.json': 'permanent',
  'wa-400-2-transient.json': 'retry',
  'wa-401-190.json': 'permanent',
  'wa-403-10.json': 'permanent',
  'wa-404-132001.json': 'permanent',
  'wa-500-131000.json': 'retry',
  'wa-503-131016.json': 'retry',
  'wa-success-template.json': 'sent',
};

let server: http.Server;
let url: string;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const name = decodeURIComponent(req.url!.split('/')[1]!);
    const status = name === 'wa-success-template.json' ? 200 : Number(/^wa-(\d{3})-/.exec(name)![1]);
    req.resume();
    req.on('end', () => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(realWorldText(name));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('real Cloud API answers', () => {
  test('every wa-*.json of the folder has an expected verdict here', () => {
    expect(realWorldFiles('wa-')).toEqual(Object.keys(EXPECTED).sort());
  });

  test.each(Object.entries(EXPECTED))('%s → %s', async (name, verdict) => {
    // The API URL's first segment names the file the server answers with.
    const direct = createCloudApiSender({ apiUrl: `${url}/${encodeURIComponent(name)}`, accessToken: 'EAAG-token', phoneNumberId: '1', templates: {} });
    const outcome = await direct.send({ to: '11987654321', kind: 'teste', text: 'Mensagem de teste', params: ['Mensagem de teste'] }).then(
      (sent) => ({ sent }),
      (error: unknown) => ({ error }),
    );
    if (verdict === 'sent') {
      expect(outcome).toEqual({ sent: { providerMessageId: 'wamid.HBgNNTUxMTk5NDAyOTI3NRUCABEYEjA0QzQ2QkI0QjQ2NzE3OEQ5MgA=' } });
      return;
    }
    expect('error' in outcome && outcome.error).toBeInstanceOf(WhatsAppDeliveryError);
    const error = (outcome as { error: WhatsAppDeliveryError }).error;
    expect({ permanent: error.permanent, uncertain: error.uncertain }).toEqual({ permanent: verdict === 'permanent', uncertain: false });
  });
});
