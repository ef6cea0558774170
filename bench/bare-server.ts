import fs from 'node:fs';
import express from 'express';

/**
 * The baseline: a bare Express 5 server with one route that answers every GET with the body and
 * content type captured from the app's response. Run in its own process by load.ts, like the app.
 *   BARE_PORT, BARE_BODY_FILE, BARE_CONTENT_TYPE
 */

const port = Number(process.env.BARE_PORT);
const body = fs.readFileSync(String(process.env.BARE_BODY_FILE));
const contentType = String(process.env.BARE_CONTENT_TYPE);

const app = express();
app.disable('x-powered-by');
app.disable('etag');
app.get('/{*path}', (_req, res) => {
  res.setHeader('Content-Type', contentType);
  res.send(body);
});

app.listen(port);
// A baseline has nothing to finish: stop at once, open keep-alive connections or not.
process.on('SIGTERM', () => process.exit(0));
