import http from 'node:http';
import type net from 'node:net';

// A local HTTP server that answers like an OpenAI-compatible chat-completions endpoint
// (POST /v1/chat/completions, Bearer key, `choices[0].message.content`), for the contract summariser's
// adapter. Tests script the next answers and read back the requests.

export type CompletionBehaviour = 'success' | 'unauthorized' | 'server-error' | 'hang' | 'malformed-json' | 'without-sections';

export interface ContractAnalysisStandIn {
  /** The chat-completions URL to configure (CONTRACT_ANALYSIS_URL). */
  url: string;
  requests: Array<{ headers: Record<string, string | string[] | undefined>; body: unknown }>;
  /** Scripts the answers to the next requests; once used up, requests succeed. */
  next(...behaviours: CompletionBehaviour[]): void;
  close(): Promise<void>;
}

/** The analysis text the stand-in answers with: the five bold headings the adapter's prompt asks for. */
export const STAND_IN_ANALYSIS = [
  '**Resumo Executivo**',
  'Contrato de locação residencial por 30 meses, analisado pelo modelo de teste (Cláusula 2ª).',
  '**Pontos Principais**',
  '- Aluguel mensal de R$ 2.800,00 (Cláusula 3ª)',
  '**Pontos de Atenção**',
  '- Multa de três aluguéis na devolução antecipada (Cláusula 6ª)',
  '**Datas e Prazos Críticos**',
  '- 1º de março de 2025: início da locação (Cláusula 2ª)',
  '**Recomendações**',
  '- Faça a vistoria de entrada por escrito.',
].join('\n');

export async function startContractAnalysisStandIn(): Promise<ContractAnalysisStandIn> {
  const scripted: CompletionBehaviour[] = [];
  const sockets = new Set<net.Socket>();
  const requests: ContractAnalysisStandIn['requests'] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        body = undefined;
      }
      requests.push({ headers: req.headers, body });
      const behaviour = scripted.shift() ?? 'success';
      if (behaviour === 'hang') return;
      const json = (status: number, payload: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      if (req.url !== '/v1/chat/completions' || req.method !== 'POST') return json(404, { error: { message: 'Not found' } });
      if (behaviour === 'unauthorized' || !String(req.headers.authorization ?? '').startsWith('Bearer ')) {
        return json(401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } });
      }
      if (behaviour === 'server-error') return json(500, { error: { message: 'The server had an error while processing your request.', type: 'server_error' } });
      if (behaviour === 'malformed-json') {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        return res.end('{"choices": [{"message": {"content": "**Resumo Exec');
      }
      const content = behaviour === 'without-sections' ? 'Desculpe, não posso ajudar com isso.' : STAND_IN_ANALYSIS;
      json(200, {
        id: 'chatcmpl-test',
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: (body as { model?: string } | undefined)?.model ?? 'test',
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 1000, completion_tokens: 200, total_tokens: 1200 },
      });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1/chat/completions`,
    requests,
    next: (...behaviours) => void scripted.push(...behaviours),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
