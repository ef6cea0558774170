// `npm run admin:create -- --email admin@exemplo.com.br --name "Maria Souza"`: creates a superadmin on
// the server's database (DATABASE_URL, or the embedded one in DATA_DIR while the server is stopped).
// The password is read from standard input: typed without echo on a terminal (twice), or piped.
// It goes through the same module function as /bootstrap-superadmin (registerSuperadmin), without the
// bootstrap secret: whoever runs this on the server can read that secret anyway (docs/decisions/0018).
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { getConfig } from '~/config.server';
import { closeDatabase, migrateDatabase, openDatabase } from '~/db/client.server';
import { prepareDataDirectory } from '~/db/data-directory.server';
import { appErrorOrThrow } from '~/lib/app-error';
import { fieldErrors } from '~/lib/parse-form.server';
import { newSuperadminSchema } from '~/modules/accounts/superadmins.schemas';
import { registerSuperadmin } from '~/modules/accounts/superadmins.server';

export const USAGE = 'Uso: npm run admin:create -- --email <email> [--name "<nome>"]   (a senha é lida da entrada padrão)';

export type CommandLineResult = { ok: true; id: string; message: string } | { ok: false; message: string };

/** The arguments of the command: --email (required) and --name (optional); anything else is an error. */
export function parseCreateSuperadminArgs(argv: string[]): { ok: true; email: string; name: string | undefined } | { ok: false; message: string } {
  try {
    const { values } = parseArgs({ args: argv, options: { email: { type: 'string' }, name: { type: 'string' } }, strict: true, allowPositionals: false });
    if (!values.email) return { ok: false, message: `Informe o email do superadmin.\n${USAGE}` };
    return { ok: true, email: values.email, name: values.name };
  } catch (error) {
    return { ok: false, message: `Argumentos inválidos: ${(error as Error).message}\n${USAGE}` };
  }
}

/** Validates with the bootstrap form's schema and creates the superadmin; the message says what happened, in Portuguese. */
export async function createSuperadminFromCommandLine({ email, name, password }: { email: string; name: string | undefined; password: string }): Promise<CommandLineResult> {
  const parsed = newSuperadminSchema.safeParse({ email, password, nome: name });
  if (!parsed.success) return { ok: false, message: Object.entries(fieldErrors(parsed.error)).map(([field, message]) => `${field}: ${message}`).join('\n') };
  let result;
  try {
    result = await registerSuperadmin(parsed.data, { via: 'command-line' });
  } catch (error) {
    return { ok: false, message: appErrorOrThrow(error).message };
  }
  return { ok: true, id: result.id, message: `Superadmin ${parsed.data.email} criado${result.first ? ' (o primeiro da plataforma)' : ''}. Entre em /admin.` };
}

/** Reads one line from a terminal without echoing it. */
async function promptHidden(question: string): Promise<string> {
  const { stdin, stderr } = process;
  // Echo off before the question shows, so that nothing typed after it is echoed.
  stdin.setRawMode(true);
  stderr.write(question);
  stdin.resume();
  stdin.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let typed = '';
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') {
          done();
          return resolve(typed);
        }
        if (char === '\u0003') {
          done();
          return reject(new Error('Cancelado.'));
        }
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else typed += char;
      }
    };
    const done = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      stderr.write('\n');
    };
    stdin.on('data', onData);
  });
}

/** The first line of a piped standard input (`printf 'senha' | npm run admin:create -- …`). */
async function readPipedLine(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text.split(/\r?\n/)[0] ?? '';
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return readPipedLine();
  const password = await promptHidden('Senha do superadmin: ');
  const again = await promptHidden('Repita a senha: ');
  if (password !== again) throw new Error('As senhas não coincidem.');
  return password;
}

async function main(): Promise<number> {
  const args = parseCreateSuperadminArgs(process.argv.slice(2));
  if (!args.ok) {
    console.error(args.message);
    return 2;
  }
  const password = await readPassword();
  // The database as the server opens it, without the demo seed or the background work.
  const config = getConfig();
  if (!config.databaseUrl) prepareDataDirectory(config.dataDir);
  let opened;
  try {
    opened = await openDatabase(config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', directory: `${config.dataDir}/pglite` });
  } catch (error) {
    console.error(`Não foi possível abrir o banco de dados: ${(error as Error).message}\n(O banco embutido só abre com o servidor parado.)`);
    return 1;
  }
  try {
    await migrateDatabase(opened);
    const result = await createSuperadminFromCommandLine({ email: args.email, name: args.name, password });
    (result.ok ? console.log : console.error)(result.message);
    return result.ok ? 0 : 1;
  } finally {
    await closeDatabase();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error((error as Error).message);
      process.exit(1);
    },
  );
}
