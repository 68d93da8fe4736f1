import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InputError } from '../errors.js';
import type { Database } from '../store/index.js';
import { openMemoryStore } from '../store/testing.js';
import { apiKeysFromEnv, generateApiKey, hashApiKey, openApiKeyring, parseApiKeysFile, provisionApiKeys } from './api-keys.js';

let db: Database;
beforeAll(async () => {
  db = await openMemoryStore();
});
afterAll(async () => {
  await db.close();
});

function issuesOf(work: () => unknown): string[] {
  try {
    work();
  } catch (error) {
    if (InputError.isInstance(error)) return error.issues.map((i) => i.path);
    throw error;
  }
  throw new Error('expected an InputError');
}

describe('API keys', () => {
  it('a keys file may hold keys or digests only; either way only the digest is kept', () => {
    const digest = hashApiKey('wk_beta_secret_0000000000');
    const grants = parseApiKeysFile(
      JSON.stringify({
        keys: [
          { tenant_id: 'acme', key: 'wk_acme_secret_0000000000', label: 'ci' },
          { tenant_id: 'beta', key_sha256: digest },
        ],
      }),
    );
    expect(grants).toEqual([
      { tenantId: 'acme', keySha256: hashApiKey('wk_acme_secret_0000000000'), label: 'ci' },
      { tenantId: 'beta', keySha256: digest },
    ]);
    expect(JSON.stringify(grants)).not.toContain('wk_acme_secret');
  });

  it('a keys file is refused with the path of each mistake', () => {
    expect(issuesOf(() => parseApiKeysFile('{"keys": [{"tenant_id": "acme", "key": "short"}]}'))).toEqual(['$.keys[0].key']);
    expect(issuesOf(() => parseApiKeysFile('{"keys": [{"tenant_id": "a b", "key": "wk_long_enough_0000000"}]}'))).toEqual(['$.keys[0].tenant_id']);
    expect(issuesOf(() => parseApiKeysFile('{"keys": [{"tenant_id": "acme", "key_sha256": "ABC"}]}'))).toEqual(['$.keys[0].key_sha256']);
    expect(issuesOf(() => parseApiKeysFile('{"kees": []}'))).toEqual(expect.arrayContaining(['$.kees']));
    expect(issuesOf(() => parseApiKeysFile('{'))).toEqual(['$']);
  });

  it('WARRANT_API_KEYS holds tenant:key pairs; a bad pair is refused by its position', () => {
    expect(apiKeysFromEnv({ WARRANT_API_KEYS: ' acme:wk_first_key_000000000 , beta:wk_second_key_00000000' })).toEqual([
      { tenantId: 'acme', keySha256: hashApiKey('wk_first_key_000000000') },
      { tenantId: 'beta', keySha256: hashApiKey('wk_second_key_00000000') },
    ]);
    expect(apiKeysFromEnv({})).toEqual([]);
    expect(issuesOf(() => apiKeysFromEnv({ WARRANT_API_KEYS: 'acme:wk_first_key_000000000,nokey' }))).toEqual(['$[1]']);
  });

  it('a key granted to one tenant cannot be granted to another', async () => {
    const key = generateApiKey();
    await provisionApiKeys(db, [{ tenantId: 'acme', keySha256: hashApiKey(key) }]);
    await provisionApiKeys(db, [{ tenantId: 'acme', keySha256: hashApiKey(key) }]); // the same grant again is fine
    await expect(provisionApiKeys(db, [{ tenantId: 'beta', keySha256: hashApiKey(key) }])).rejects.toThrow(/another tenant/);
  });

  it('the keyring resolves keys to tenants and picks up keys provisioned later (another replica)', async () => {
    const first = generateApiKey();
    await provisionApiKeys(db, [{ tenantId: 'gamma', keySha256: hashApiKey(first) }]);
    const keyring = await openApiKeyring(db, { reloadIntervalMs: 0 });
    expect(await keyring.tenantOf(first)).toBe('gamma');
    expect(await keyring.tenantOf('wk_nobody_has_this_key_000')).toBeUndefined();
    const later = generateApiKey();
    await provisionApiKeys(db, [{ tenantId: 'delta', keySha256: hashApiKey(later) }]);
    expect(await keyring.tenantOf(later)).toBe('delta');
  });

  it('generated keys are long and distinct', () => {
    const keys = new Set(Array.from({ length: 100 }, generateApiKey));
    expect(keys.size).toBe(100);
    for (const key of keys) expect(key).toMatch(/^wk_[A-Za-z0-9_-]{43}$/);
  });
});
