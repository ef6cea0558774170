import http from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { afterAll, beforeAll, expect, test } from 'vitest';
// Importing the bench's load module makes autocannon drop response bodies (decision 0072).
import '../../bench/load';

// The bench's load generator (bench/load.ts) no longer decodes answers into strings it never reads; it
// must still count every answer, its status and its bytes, which is all the bench reads from it.

const body = 'Família é ação. '.repeat(640); // 10,880 bytes, multibyte characters included
let server: http.Server;
let url: string;

beforeAll(async () => {
  server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': String(Buffer.byteLength(body)) });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test('with the bench’s load module, autocannon keeps no body and still counts every answer, its status and its bytes', async () => {
  const bodiesSeen: string[] = [];
  const result = await autocannon({
    url,
    connections: 4,
    amount: 200,
    requests: [{ method: 'GET', path: '/busca', onResponse: (_status, seen) => void bodiesSeen.push(seen) }],
  });
  expect(result['2xx']).toBe(200);
  expect(result.non2xx + result.errors + result.timeouts).toBe(0);
  // Every answer reached the request's hook without its body: nothing was decoded.
  expect(bodiesSeen).toHaveLength(200);
  expect(new Set(bodiesSeen)).toEqual(new Set(['']));
  // The bytes autocannon counts (headers and body) cover every body in full.
  expect(result.throughput.total).toBeGreaterThanOrEqual(200 * Buffer.byteLength(body));
});
