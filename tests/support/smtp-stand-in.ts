import net from 'node:net';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';

/** A message as the stand-in received it, decoded enough to check what a recipient would see. */
export interface ReceivedEmail {
  /** The envelope (MAIL FROM, RCPT TO). */
  envelopeFrom: string;
  envelopeTo: string[];
  /** Headers, names lowercased, encoded words decoded. */
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
}

export interface SmtpStandInOptions {
  /** A reply to RCPT TO: `{ code: 550, message: '5.1.1 Usuário desconhecido' }` refuses the recipient. */
  refuseRecipient?: (address: string) => { code: number; message: string } | undefined;
  /** Waits this long before accepting a message's data (a slow server). */
  acceptAfterMs?: number;
  /** Requires this login (the server then advertises AUTH over plain text, for the test). */
  login?: { user: string; pass: string };
}

export interface SmtpStandIn {
  /** `smtp://127.0.0.1:<port>` (add credentials yourself). */
  url: string;
  port: number;
  received: ReceivedEmail[];
  /** How many RCPT TO commands it answered (a refused recipient is attempted but not received). */
  recipientAttempts: number;
  close(): Promise<void>;
}

/** A real SMTP server on a free local port (smtp-server), recording every message it accepts. */
export async function startSmtpStandIn(options: SmtpStandInOptions = {}): Promise<SmtpStandIn> {
  const received: ReceivedEmail[] = [];
  const standIn = { received, recipientAttempts: 0 } as SmtpStandIn;
  const server = new SMTPServer({
    logger: false,
    disabledCommands: options.login ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !options.login,
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === options.login?.user && auth.password === options.login?.pass) return callback(null, { user: auth.username });
      callback(Object.assign(new Error('5.7.8 Credenciais inválidas'), { responseCode: 535 }));
    },
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      standIn.recipientAttempts += 1;
      const refusal = options.refuseRecipient?.(address.address);
      if (refusal) return callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const message = parseMessage(Buffer.concat(chunks).toString('utf8'));
        received.push({
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          ...message,
        });
        if (options.acceptAfterMs) setTimeout(() => callback(), options.acceptAfterMs);
        else callback();
      });
    },
  });
  const port = await listen(server.server as unknown as net.Server);
  return Object.assign(standIn, {
    url: `smtp://127.0.0.1:${port}`,
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/** A server that accepts connections and never says a word (a hung mail server). */
export async function startSilentServer(): Promise<{ url: string; connections: () => number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  const port = await listen(server);
  return {
    url: `smtp://127.0.0.1:${port}`,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function listen(server: net.Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port));
  });
}

// A small MIME reader, enough for what nodemailer writes: a text/plain and a text/html part in a
// multipart/alternative, each 7bit, quoted-printable or base64, UTF-8; encoded words in headers.

function parseMessage(raw: string): Pick<ReceivedEmail, 'headers' | 'subject' | 'text' | 'html'> {
  const { headers, body } = splitEntity(raw);
  const parts: Record<string, string> = {};
  collectParts(headers, body, parts);
  return { headers, subject: headers.subject ?? '', text: parts['text/plain'] ?? '', html: parts['text/html'] ?? '' };
}

function splitEntity(raw: string): { headers: Record<string, string>; body: string } {
  const end = raw.indexOf('\r\n\r\n');
  const head = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? '' : raw.slice(end + 4);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function collectParts(headers: Record<string, string>, body: string, parts: Record<string, string>) {
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const sections = body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      const part = splitEntity(section.replace(/^\r\n/, ''));
      collectParts(part.headers, part.body.replace(/\r\n$/, ''), parts);
    }
    return;
  }
  const mime = type.split(';')[0]!.trim().toLowerCase();
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  parts[mime] = decodeBody(body, encoding).replace(/\r\n/g, '\n');
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body.replace(/=\r\n/g, ''));
  return body;
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}
