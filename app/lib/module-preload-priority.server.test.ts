import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, test } from 'vitest';
import { lowerModulePreloadPriority } from './module-preload-priority.server';

const html =
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/app.css"/>' +
  '<link rel="modulepreload" href="/assets/entry.client.js" nonce="n"/><link rel="modulepreload" href="/assets/react.js" nonce="n"/>' +
  '</head><body><p>rel="modulepreload" no texto fica como está? não: só a tag</p></body></html>';

async function through(chunks: Array<string | Buffer>): Promise<string> {
  return text(Readable.from(chunks.map((c) => (typeof c === 'string' ? Buffer.from(c) : c))).pipe(lowerModulePreloadPriority()));
}

describe('lowerModulePreloadPriority', () => {
  test('marks every module preload low priority and leaves the rest of the document as it was', async () => {
    const out = await through([html]);
    expect(out.match(/<link rel="modulepreload" fetchpriority="low" href=/g)).toHaveLength(2);
    expect(out.replaceAll(' fetchpriority="low"', '')).toBe(html);
    expect(out).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
  });

  test('a tag split across chunks at any point is still found, and nothing is lost or doubled', async () => {
    const expected = await through([html]);
    for (let cut = 1; cut < html.length; cut++) {
      expect(await through([html.slice(0, cut), html.slice(cut)])).toBe(expected);
    }
    // One byte at a time: the multi-byte characters ('á', 'ã') come out whole.
    const bytes = Buffer.from(html);
    expect(await through([...bytes].map((byte) => Buffer.from([byte])))).toBe(expected);
  });
});
