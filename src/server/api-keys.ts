import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { InputError, parseInput, parseJsonText } from '../errors.js';
import type { Database } from '../store/index.js';

/** One API key's grant: which tenant it acts for. Only the key's SHA-256 digest is kept. */
export interface ApiKeyGrant {
  readonly tenantId: string;
  /** Lower-case hex SHA-256 of the key's UTF-8 bytes. */
  readonly keySha256: string;
  /** A note for operators (`ci`, `billing-service`); never used for access. */
  readonly label?: string;
}

/** Shortest key accepted: 16 characters keeps keys out of guessing range. */
export const MIN_API_KEY_LENGTH = 16;

const TENANT_ID = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'a tenant id is 1–64 letters, digits, `.`, `_` or `-`');
const KEY = z.string().min(MIN_API_KEY_LENGTH, `a key has at least ${MIN_API_KEY_LENGTH} characters`).regex(/^[\x21-\x7e]+$/, 'a key is printable ASCII without spaces');
const SHA256 = z.string().regex(/^[0-9a-f]{64}$/, 'a SHA-256 digest is 64 lower-case hex digits');

/**
 * The keys file: `{"keys": [{"tenant_id", "key" | "key_sha256", "label"?}]}`. A file may hold
 * digests only, so the secret never has to sit on the sidecar's disk.
 */
export const apiKeysFileSchema = z.strictObject({
  keys: z.array(
    z.union([
      z.strictObject({ tenant_id: TENANT_ID, key: KEY, label: z.string().optional() }),
      z.strictObject({ tenant_id: TENANT_ID, key_sha256: SHA256, label: z.string().optional() }),
    ]),
  ),
});

/** Lower-case hex SHA-256 of `key`: the only form in which a key is stored or compared. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** A fresh random key (`wk_` + 43 base64url characters, 256 bits). */
export function generateApiKey(): string {
  return `wk_${randomBytes(32).toString('base64url')}`;
}

/** Reads a keys file's text (see {@link apiKeysFileSchema}); refuses it with paths. */
export function parseApiKeysFile(text: string): ApiKeyGrant[] {
  const file = parseInput(apiKeysFileSchema, parseJsonText(text, 'API keys file'), 'API keys file');
  return file.keys.map((entry) => ({
    tenantId: entry.tenant_id,
    keySha256: 'key' in entry ? hashApiKey(entry.key) : entry.key_sha256,
    ...(entry.label === undefined ? {} : { label: entry.label }),
  }));
}

/**
 * Reads `WARRANT_API_KEYS` from `env`: comma-separated `tenant:key` pairs. The only place the
 * sidecar reads keys from the environment.
 */
export function apiKeysFromEnv(env: Record<string, string | undefined>): ApiKeyGrant[] {
  const raw = env.WARRANT_API_KEYS?.trim();
  if (!raw) return [];
  return raw.split(',').map((pair, i) => {
    const at = pair.indexOf(':');
    const tenant = TENANT_ID.safeParse(pair.slice(0, at).trim());
    const key = KEY.safeParse(pair.slice(at + 1).trim());
    if (at < 0 || !tenant.success || !key.success) {
      throw new InputError('WARRANT_API_KEYS', [
        { path: `$[${i}]`, message: 'expected tenant:key with a valid tenant id and a key of at least 16 printable characters' },
      ]);
    }
    return { tenantId: tenant.data, keySha256: hashApiKey(key.data) };
  });
}

/**
 * Stores `grants` (digests only). A digest already stored for the same tenant is left as it is;
 * one stored for another tenant is refused, since one key acting for two tenants would let each
 * read the other's records.
 */
export async function provisionApiKeys(db: Database, grants: readonly ApiKeyGrant[]): Promise<void> {
  if (grants.length === 0) return;
  await db.transaction(async (tx) => {
    for (const [i, grant] of grants.entries()) {
      await tx.query('insert into api_keys (key_sha256, tenant_id, label) values ($1, $2, $3) on conflict (key_sha256) do nothing', [
        grant.keySha256,
        grant.tenantId,
        grant.label ?? '',
      ]);
      const [row] = await tx.query<{ tenant_id: string }>('select tenant_id from api_keys where key_sha256 = $1', [grant.keySha256]);
      if (row?.tenant_id !== grant.tenantId) {
        throw new InputError('API keys', [{ path: `$.keys[${i}]`, message: 'this key is already granted to another tenant' }]);
      }
    }
  });
}

/** Resolves bearer keys to tenants; see {@link openApiKeyring}. */
export interface ApiKeyring {
  /** The tenant `key` acts for, or `undefined` for an unknown key. */
  tenantOf(key: string): Promise<string | undefined>;
}

/**
 * Keeps the stored digests in memory so checking a key costs one hash and one map lookup. An
 * unknown key reloads the table at most once per `reloadIntervalMs` (default 1000 ms), so a key
 * provisioned by another replica starts working within a second without letting a flood of
 * wrong keys hammer the store.
 */
export async function openApiKeyring(db: Database, { reloadIntervalMs = 1000 }: { reloadIntervalMs?: number } = {}): Promise<ApiKeyring> {
  let byDigest = new Map<string, string>();
  let loadedAt = 0;
  let loading: Promise<void> | undefined;
  const load = () =>
    (loading ??= (async () => {
      try {
        const rows = await db.query<{ key_sha256: string; tenant_id: string }>('select key_sha256, tenant_id from api_keys');
        byDigest = new Map(rows.map((r) => [r.key_sha256, r.tenant_id]));
        loadedAt = Date.now();
      } finally {
        loading = undefined;
      }
    })());
  await load();
  return {
    async tenantOf(key) {
      const digest = hashApiKey(key);
      const known = byDigest.get(digest);
      if (known !== undefined) return known;
      if (Date.now() - loadedAt < reloadIntervalMs) return undefined;
      await load();
      return byDigest.get(digest);
    },
  };
}
