import { createTransport } from 'nodemailer';
import { EmailDeliveryError, type EmailMessage, type EmailSender } from './email';

/** How long each step may take. A mail server that hangs makes one attempt fail within `sendMs`. */
export interface SmtpTimeouts {
  /** Opening the TCP (or TLS) connection. */
  connectionMs: number;
  /** The server's 220 greeting after connecting. */
  greetingMs: number;
  /** Silence on an open connection (any command's reply). */
  socketMs: number;
  /** The whole delivery of one message, from connecting to the final reply. */
  sendMs: number;
}

export const DEFAULT_SMTP_TIMEOUTS: SmtpTimeouts = { connectionMs: 10_000, greetingMs: 10_000, socketMs: 15_000, sendMs: 20_000 };

export interface SmtpSenderOptions {
  /** `smtp://user:password@host:port` (STARTTLS when the server offers it) or `smtps://…` (TLS from the start, port 465 by default). User and password percent-encoded. */
  url: string;
  /** The From header: `Nome <endereco@dominio>` or a bare address. */
  from: string;
  timeouts?: Partial<SmtpTimeouts>;
}

/**
 * The SMTP adapter (nodemailer). One connection per message: deliveries are few and each one
 * fails on its own, with the server's reply, instead of sharing a pooled connection's fate.
 */
export function createSmtpSender({ url, from, timeouts }: SmtpSenderOptions): EmailSender {
  const limits = { ...DEFAULT_SMTP_TIMEOUTS, ...timeouts };
  const transport = createTransport({
    ...connectionOptions(url),
    connectionTimeout: limits.connectionMs,
    greetingTimeout: limits.greetingMs,
    socketTimeout: limits.socketMs,
    dnsTimeout: limits.connectionMs,
    // The message is ours alone: it never reads files or URLs named inside it.
    disableFileAccess: true,
    disableUrlAccess: true,
  });

  return {
    async send(message: EmailMessage) {
      try {
        const info = await transport.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          html: message.html,
          text: message.text,
          signal: AbortSignal.timeout(limits.sendMs),
        });
        return { providerMessageId: info.messageId };
      } catch (error) {
        throw toDeliveryError(error as SmtpError, limits.sendMs);
      }
    },
    close() {
      transport.close();
    },
  };
}

/** The fields nodemailer sets on the errors it rejects with. */
type SmtpError = Error & { code?: string; responseCode?: number; permanent?: boolean; timeoutType?: string };

function connectionOptions(url: string) {
  const parsed = new URL(url);
  const secure = parsed.protocol.toLowerCase() === 'smtps:';
  return {
    host: parsed.hostname.replace(/^\[|\]$/g, ''),
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    secure,
    auth: parsed.username || parsed.password ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) } : undefined,
  };
}

/** Timeouts before the session could carry a message (connecting, the greeting, TLS): nothing was sent. */
const SETUP_TIMEOUTS = new Set(['CONNECT_TIMEOUT', 'GREETING_TIMEOUT', 'UPGRADE_TIMEOUT']);

/**
 * Permanent only when the server refused the message itself (a 5xx reply other than 503, which
 * nodemailer marks `permanent`), or the envelope cannot be sent at all. A refused login is a
 * configuration problem, not the message's: it is retried, so fixing SMTP_URL delivers the backlog.
 * Uncertain (docs/decisions/0039) when the time ran out, or the connection dropped, on an open
 * session: nodemailer does not say which command was waiting, and a server that took the message's
 * final dot may have queued it, so it is never sent again automatically. A connection that could not
 * be opened, or timed out before the greeting, sent nothing: retried.
 */
function toDeliveryError(error: SmtpError, sendMs: number): EmailDeliveryError {
  const reason = error.message || String(error);
  if (error.code === 'EABORT') {
    return new EmailDeliveryError(`Tempo esgotado: o servidor SMTP não concluiu o envio em ${Math.round(sendMs / 1000)} s (a mensagem pode ter sido aceita)`, {
      permanent: false,
      uncertain: true,
      cause: error,
    });
  }
  if (error.code === 'ETIMEDOUT') {
    const beforeSession = error.timeoutType !== undefined && SETUP_TIMEOUTS.has(error.timeoutType);
    return new EmailDeliveryError(`Tempo esgotado no servidor SMTP: ${reason}${beforeSession ? '' : ' (a mensagem pode ter sido aceita)'}`, {
      permanent: false,
      uncertain: !beforeSession,
      cause: error,
    });
  }
  if (error.code !== 'EAUTH' && error.permanent === true) {
    return new EmailDeliveryError(`O servidor SMTP recusou a mensagem: ${reason}`, { permanent: true, cause: error });
  }
  if (error.code === 'EENVELOPE' && error.responseCode === undefined) {
    return new EmailDeliveryError(`Endereço de e-mail inválido: ${reason}`, { permanent: true, cause: error });
  }
  if (error.responseCode !== undefined) {
    return new EmailDeliveryError(`Falha temporária no servidor SMTP: ${reason}`, { permanent: false, cause: error });
  }
  if (error.code === 'ECONNECTION' && /closed unexpectedly/i.test(reason)) {
    return new EmailDeliveryError(`O servidor SMTP fechou a conexão durante o envio: ${reason} (a mensagem pode ter sido aceita)`, { permanent: false, uncertain: true, cause: error });
  }
  return new EmailDeliveryError(`Falha ao conectar ao servidor SMTP: ${reason}`, { permanent: false, cause: error });
}
