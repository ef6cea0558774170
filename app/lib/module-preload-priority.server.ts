import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

/**
 * React Router's `<Scripts>` preloads every module of the page with `<link rel="modulepreload">`,
 * which Chromium fetches at High priority, beside the stylesheet that the first paint waits for. On a
 * slow phone connection the page's ~120 KiB of JavaScript then shares the bandwidth with the 10 KiB of
 * CSS and delays the first paint, although the server-rendered page needs no JavaScript to be read
 * (docs/decisions/0004). This stream marks each of those links `fetchpriority="low"`: the modules are
 * still preloaded in parallel (no request waterfall), after what the first paint needs.
 */
const TAG = '<link rel="modulepreload"';
const LOW = `${TAG} fetchpriority="low"`;

export function lowerModulePreloadPriority(): Transform {
  // The end of the previous chunk that could be the start of a tag split across two chunks.
  let carry = '';
  // React's chunks are bytes and may end inside a multi-byte character ('ã'): decode across chunks.
  const decoder = new StringDecoder('utf8');
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const text = carry + (typeof chunk === 'string' ? chunk : decoder.write(chunk));
      const cut = splitPoint(text);
      carry = text.slice(cut);
      callback(null, text.slice(0, cut).replaceAll(TAG, LOW));
    },
    flush(callback) {
      callback(null, (carry + decoder.end()).replaceAll(TAG, LOW));
    },
  });
}

/** Where to cut so that no prefix of TAG is left at the end of what is sent now. */
function splitPoint(text: string): number {
  const from = Math.max(0, text.length - TAG.length + 1);
  for (let i = from; i < text.length; i++) {
    if (TAG.startsWith(text.slice(i))) return i;
  }
  return text.length;
}
