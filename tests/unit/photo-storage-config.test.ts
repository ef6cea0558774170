import { describe, expect, test } from 'vitest';
import { configLoader } from '../support/config-loader';

// Profile photos in an S3-compatible bucket (docs/decisions/0058): S3_* validated at start.
const { load, messageOf } = configLoader('photo');

describe('photo storage configuration', () => {
  test('without S3_BUCKET photos stay in DATA_DIR/photos', () => {
    expect(load({}).photoStorage).toEqual({ kind: 'directory' });
    expect(load({ S3_BUCKET: '', S3_REGION: 'sa-east-1' }).photoStorage).toEqual({ kind: 'directory' });
  });

  test('S3_BUCKET with an endpoint, keys and path-style addressing', () => {
    expect(
      load({ S3_BUCKET: 'jusconecta-fotos', S3_ENDPOINT: 'http://minio:9000/', S3_REGION: 'sa-east-1', S3_ACCESS_KEY_ID: 'AKIA123', S3_SECRET_ACCESS_KEY: 'segredo/Xyz+1', S3_FORCE_PATH_STYLE: 'true' }).photoStorage,
    ).toEqual({ kind: 's3', bucket: 'jusconecta-fotos', endpoint: 'http://minio:9000', region: 'sa-east-1', credentials: { accessKeyId: 'AKIA123', secretAccessKey: 'segredo/Xyz+1' }, forcePathStyle: true });
  });

  test('AWS S3 itself: no endpoint, the default region, credentials from the environment', () => {
    expect(load({ S3_BUCKET: 'fotos.exemplo' }).photoStorage).toEqual({ kind: 's3', bucket: 'fotos.exemplo', endpoint: undefined, region: 'us-east-1', credentials: undefined, forcePathStyle: false });
  });

  test('refusals name the variable, in Portuguese', () => {
    expect(messageOf({ S3_BUCKET: 'Fotos_Maiúsculas' })).toContain('S3_BUCKET: deve ser o nome de um bucket');
    expect(messageOf({ S3_BUCKET: 'fotos', S3_ENDPOINT: 'ftp://x' })).toContain('S3_ENDPOINT: deve ser uma URL completa');
    expect(messageOf({ S3_BUCKET: 'fotos', S3_ACCESS_KEY_ID: 'AKIA123' })).toContain('S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY vão juntos');
    expect(messageOf({ S3_ENDPOINT: 'http://minio:9000' })).toContain('S3_BUCKET: é obrigatório quando S3_ENDPOINT');
    expect(messageOf({ S3_BUCKET: 'fotos', S3_FORCE_PATH_STYLE: 'talvez' })).toContain('S3_FORCE_PATH_STYLE: use true ou false');
    expect(messageOf({ S3_BUCKET: 'fotos', S3_REGION: 'São Paulo' })).toContain('S3_REGION: deve ser uma região');
  });
});
