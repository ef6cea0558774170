import compression from 'compression';
import { constants as zlibConstants } from 'node:zlib';

/**
 * Brotli's quality for pages, the same whether the page cache compresses an entry or a response is
 * compressed as it goes out (docs/decisions/0074). The compression package's default is 4, which made
 * a page about 7% larger on a cache miss than on a hit (the landing page: 14,193 bytes against 13,267),
 * and a public page over about 14,600 bytes costs a visitor on a mobile network a second round trip
 * before the first paint. 5 costs about 0.25 ms more for an 80 KB page; 6 and above gain under 1%.
 */
export const PAGE_BROTLI_QUALITY = 5;

/** The response compression of the app's middleware chain. */
export function pageCompression() {
  return compression({ brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY } } });
}
