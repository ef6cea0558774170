import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import { AppError } from '~/lib/app-error';
import { PHOTO_MAX_BYTES, PHOTO_MESSAGES, photoFileProblem, photoUploadSchema, sniffPhotoType } from '~/modules/lawyers/profile-photo-rules';
import { photoFileName, processProfilePhoto } from '~/modules/lawyers/profile-photos.server';

// Real images, made by sharp here, through the same processing the upload goes through.

const red = { r: 200, g: 30, b: 40 };
const image = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: red } });

/** The refusal processProfilePhoto throws, as { message, field }. */
async function refusal(bytes: Uint8Array) {
  try {
    await processProfilePhoto(bytes);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    const { message, field, status } = error as AppError;
    return { message, field, status };
  }
  throw new Error('the photo was accepted');
}

/** Whatever metadata sharp can read from the output, beyond the pixels. */
async function metadataOf(webp: Buffer) {
  const { format, width, height, exif, icc, xmp, iptc, comments, hasProfile, orientation } = await sharp(webp).metadata();
  return { format, width, height, exif, icc, xmp, iptc, comments, hasProfile, orientation };
}

const STRIPPED = { exif: undefined, icc: undefined, xmp: undefined, iptc: undefined, comments: undefined, hasProfile: false, orientation: undefined };

describe('an accepted photo is re-encoded as a clean WebP', () => {
  test('a PNG becomes a WebP of the same size', async () => {
    const png = await image(640, 480).png().toBuffer();
    const { webp, width, height } = await processProfilePhoto(png);
    expect({ width, height }).toEqual({ width: 640, height: 480 });
    expect(sniffPhotoType(webp)).toBe('webp');
    expect(await metadataOf(webp)).toMatchObject({ format: 'webp', width: 640, height: 480, ...STRIPPED });
  });

  test('a JPEG with EXIF (GPS, camera notes), XMP and an ICC profile loses all of it, and is turned upright', async () => {
    const jpeg = await image(300, 200)
      .jpeg()
      .withIccProfile('p3')
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>')
      .withExif({
        IFD0: { Copyright: 'Escritório Segredo', ImageDescription: 'Em casa' },
        IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '23/1 33/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '46/1 38/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(jpeg).metadata();
    expect(before.exif?.toString('latin1')).toContain('Segredo');
    expect(before.exif?.toString('latin1')).toMatch(/S\0.*W\0/s);
    expect(before).toMatchObject({ orientation: 6, hasProfile: true });
    expect(before.xmp).toBeDefined();

    const { webp } = await processProfilePhoto(jpeg);
    // Orientation 6 is a quarter turn: the stored photo is upright, 200 wide and 300 high.
    expect(await metadataOf(webp)).toMatchObject({ format: 'webp', width: 200, height: 300, ...STRIPPED });
    expect(webp.toString('latin1')).not.toContain('Segredo');
  });

  test('a WebP is decoded and encoded again, not passed through', async () => {
    const original = await image(400, 400).webp({ quality: 100 }).withExif({ IFD0: { Artist: 'Ana' } }).toBuffer();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const { webp } = await processProfilePhoto(original);
    expect(webp.equals(original)).toBe(false);
    expect(await metadataOf(webp)).toMatchObject({ format: 'webp', width: 400, height: 400, ...STRIPPED });
  });

  test('3000×2000 is brought down to 800 on the longest side; a small photo is not enlarged', async () => {
    const big = await processProfilePhoto(await image(3000, 2000).png().toBuffer());
    expect({ width: big.width, height: big.height }).toEqual({ width: 800, height: 533 });
    expect(await metadataOf(big.webp)).toMatchObject({ width: 800, height: 533 });
    const tall = await processProfilePhoto(await image(1000, 4000).jpeg().toBuffer());
    expect({ width: tall.width, height: tall.height }).toEqual({ width: 200, height: 800 });
    const small = await processProfilePhoto(await image(120, 90).png().toBuffer());
    expect({ width: small.width, height: small.height }).toEqual({ width: 120, height: 90 });
  });
});

describe('anything else is refused, by its content', () => {
  test('a text file named .png, with the browser’s image/png type, is not an image', async () => {
    const text = Buffer.from('Isto não é uma imagem, apenas um arquivo de texto renomeado.\n'.repeat(20));
    const file = new File([text], 'foto.png', { type: 'image/png' });
    expect(await photoFileProblem(file)).toBe(PHOTO_MESSAGES.invalid);
    expect(await refusal(text)).toEqual({ message: 'Por favor, selecione uma imagem válida (JPEG, PNG ou WebP)', field: 'foto', status: 400 });
  });

  test('GIF and SVG are refused, whatever their name says', async () => {
    const gif = await image(50, 50).gif().toBuffer();
    expect((await sharp(gif).metadata()).format).toBe('gif');
    expect((await refusal(gif)).message).toBe(PHOTO_MESSAGES.invalid);
    expect(await photoFileProblem(new File([gif], 'foto.jpg', { type: 'image/jpeg' }))).toBe(PHOTO_MESSAGES.invalid);

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="50" height="50"><rect width="50" height="50" fill="red"/></svg>');
    expect((await sharp(svg).metadata()).format).toBe('svg');
    expect((await refusal(svg)).message).toBe(PHOTO_MESSAGES.invalid);
    expect(await photoFileProblem(new File([svg], 'foto.webp', { type: 'image/webp' }))).toBe(PHOTO_MESSAGES.invalid);
  });

  test('a PNG signature in front of something else, a JPEG cut in half, and a PNG header with a JPEG body are refused', async () => {
    const jpeg = await image(600, 400).jpeg().toBuffer();
    const png = await image(600, 400).png().toBuffer();
    expect((await refusal(Buffer.concat([png.subarray(0, 8), Buffer.from('não é png')]))).message).toBe(PHOTO_MESSAGES.invalid);
    expect((await refusal(jpeg.subarray(0, Math.floor(jpeg.length / 2)))).message).toBe(PHOTO_MESSAGES.invalid);
    expect((await refusal(Buffer.concat([png.subarray(0, 8), jpeg]))).message).toBe(PHOTO_MESSAGES.invalid);
  });

  test('more than 5 MB is refused, in the browser and on the server', async () => {
    // Noise does not compress: a real PNG of about 5.9 MB.
    const noisy = await sharp(randomBytes(1400 * 1400 * 3), { raw: { width: 1400, height: 1400, channels: 3 } }).png().toBuffer();
    expect(noisy.length).toBeGreaterThan(PHOTO_MAX_BYTES);
    expect(await refusal(noisy)).toEqual({ message: 'A imagem deve ter no máximo 5MB', field: 'foto', status: 400 });
    expect(await photoFileProblem(new File([noisy], 'foto.png'))).toBe(PHOTO_MESSAGES.tooLarge);
    // Exactly 5 MB is allowed as far as size goes.
    expect(await photoFileProblem(new File([noisy.subarray(0, PHOTO_MAX_BYTES)], 'foto.png'))).toBeNull();
  });

  describe('a decompression bomb', () => {
    let bomb: Buffer;
    beforeAll(async () => {
      // 20000×20000 white pixels: 1.2 MB of PNG that would take 1.2 GB decoded.
      bomb = await sharp({ create: { width: 20000, height: 20000, channels: 3, background: 'white' }, limitInputPixels: false }).png().toBuffer();
    }, 120_000);

    test('is refused from its header, before any pixel is decoded', async () => {
      expect(bomb.length).toBeLessThan(PHOTO_MAX_BYTES);
      expect(await photoFileProblem(new File([new Uint8Array(bomb)], 'bomba.png'))).toBeNull();
      const started = performance.now();
      expect(await refusal(bomb)).toEqual({ message: 'A imagem deve ter no máximo 40 megapixels', field: 'foto', status: 400 });
      expect(performance.now() - started).toBeLessThan(1000);
    });
  });
});

describe('the form field and the stored name', () => {
  test('no file chosen is no photo; a chosen file is checked like in the browser', async () => {
    expect(await photoUploadSchema.parseAsync(new File([], '', { type: 'application/octet-stream' }))).toBeUndefined();
    expect(await photoUploadSchema.parseAsync(undefined)).toBeUndefined();
    expect(await photoUploadSchema.parseAsync('texto')).toBeUndefined();
    const png = new File([await image(10, 10).png().toBuffer()], 'x.txt', { type: 'text/plain' });
    expect(await photoUploadSchema.parseAsync(png)).toBe(png);
    const refused = await photoUploadSchema.safeParseAsync(new File(['GIF89a'], 'x.png', { type: 'image/png' }));
    expect(refused.error?.issues[0]?.message).toBe(PHOTO_MESSAGES.invalid);
  });

  test('the name is the hash of the lawyer and the WebP: the same photo of two lawyers gets two names', async () => {
    const { webp } = await processProfilePhoto(await image(64, 64).png().toBuffer());
    const ana = photoFileName('ana', webp);
    expect(ana).toMatch(/^[a-f0-9]{64}\.webp$/);
    expect(photoFileName('ana', webp)).toBe(ana);
    expect(photoFileName('bruno', webp)).not.toBe(ana);
  });
});
