import fs from 'node:fs';
import path from 'node:path';

/**
 * A private copy of build/ and drizzle/ for the run. Other `npm run build`s (e2e tests, other
 * engineers) rewrite build/ at any time, and the server reads build/client while it runs; the copy
 * keeps the measured server on one consistent build. It lives in bench/results/ (git-ignored) so
 * that the server's packages still resolve from the project's node_modules.
 */

export interface BuildSnapshot {
  /** The server's working directory: it holds build/ and drizzle/. */
  dir: string;
  remove(): void;
}

/** Asset paths the server bundle names must all exist in the client build, or the copy is torn. */
function missingAssets(root: string): string[] {
  // The server bundle: index.js and its own chunks (build/server/assets), which hold the client manifest.
  const chunksDir = path.join(root, 'build/server/assets');
  const chunks = fs.existsSync(chunksDir) ? fs.readdirSync(chunksDir).filter((file) => file.endsWith('.js')).map((file) => path.join(chunksDir, file)) : [];
  const serverBundle = [path.join(root, 'build/server/index.js'), ...chunks].map((file) => fs.readFileSync(file, 'utf8')).join('\n');
  // Client URLs are absolute ('/assets/…'); './assets/…' are the server bundle's own chunks (build/server/assets).
  const assets = new Set(serverBundle.match(/(?<!\.)\/assets\/[\w.-]+\.(?:js|css)/g) ?? []);
  if (assets.size === 0) return ['(the server bundle names no client asset)'];
  return [...assets].filter((asset) => !fs.existsSync(path.join(root, 'build/client', asset)));
}

function copyOnce(projectRoot: string): BuildSnapshot {
  const dir = fs.mkdtempSync(path.join(projectRoot, 'bench/results/build-copy-'));
  const remove = () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    fs.cpSync(path.join(projectRoot, 'build'), path.join(dir, 'build'), { recursive: true });
    fs.cpSync(path.join(projectRoot, 'drizzle'), path.join(dir, 'drizzle'), { recursive: true });
    for (const file of ['build/server.js', 'build/server/index.js']) {
      if (!fs.existsSync(path.join(dir, file))) throw new Error(`${file} is missing`);
    }
    const missing = missingAssets(dir);
    if (missing.length > 0) throw new Error(`client assets missing: ${missing.slice(0, 3).join(', ')}`);
    return { dir, remove };
  } catch (error) {
    remove();
    throw error;
  }
}

/** Copies the build, retrying while another build is rewriting it. */
export async function snapshotBuild(projectRoot: string, log: (message: string) => void, attempts = 8): Promise<BuildSnapshot> {
  fs.mkdirSync(path.join(projectRoot, 'bench/results'), { recursive: true });
  for (let attempt = 1; ; attempt++) {
    try {
      return copyOnce(projectRoot);
    } catch (error) {
      if (attempt >= attempts) throw new Error(`no consistent build/ to copy (${(error as Error).message}); run npm run build`);
      log(`build/ is incomplete (${(error as Error).message}), probably being rebuilt elsewhere: retrying in 15 s`);
      await new Promise((resolve) => setTimeout(resolve, 15_000));
    }
  }
}
