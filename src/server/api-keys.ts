import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { InputError, parseInput, parseJsonText } from '../errors.js';
import type { Database, Queryable } from '../store/index.js';

/** One API key's grant: which tenant it acts for. Only the key's SHA-256 digest is kept. */
export interface ApiKeyGrant {
  readonly tenantId: string;
  /** Lower-case hex SHA-256 of the key's UTF-8 bytes. */
  readonly keySha256: string;
  /** A note for operators (`ci`, `billing-service`); never used for access. */
  readonly label?: string;
  /** Days the tenant's evidence is kept (`retention_days` in the keys file; W13). Default: `WARRANT_RETENTION_DAYS`. */
  readonly retentionDays?: number;
}

/** Shortest key accepted: 16 characters keeps keys out of guessing range. */
export const MIN_API_KEY_LENGTH = 16;

const TENANT_ID = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'a tenant id is 1–64 letters, digits, `.`, `_` or `-`');
const KEY = z
  .string()
  .min(MIN_API_KEY_LENGTH, `a key has at least ${MIN_API_KEY_LENGTH} characters`)
  .regex(/^[\x21-\x7e]+$/, 'a key is printable ASCII without spaces');
const RETENTION_DAYS = z.number().int().min(1, 'retention is at least 1 day').max(999_999);
const SHA256 = z.string().regex(/^[0-9a-f]{64}$/, 'a SHA-256 digest is 64 lower-case hex digits');

/**
 * The keys file: `{"keys": [{"tenant_id", "key" | "key_sha256", "label"?}]}`. A file may hold
 * digests only, so the secret never has to sit on the sidecar's disk.
 */
export const apiKeysFileSchema = z.strictObject({
  keys: z.array(
    z.union([
      z.strictObject({ tenant_id: TENANT_ID, key: KEY, label: z.string().optional(), retention_days: RETENTION_DAYS.optional() }),
      z.strictObject({ tenant_id: TENANT_ID, key_sha256: SHA256, label: z.string().optional(), retention_days: RETENTION_DAYS.optional() }),
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
    ...(entry.retention_days === undefined ? {} : { retentionDays: entry.retention_days }),
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
 * Stores `grants` (digests only), adding to the keys already stored. A digest already stored for
 * the same tenant is left as it is; one stored for another tenant is refused, since one key
 * acting for two tenants would let each read the other's records.
 */
export async function provisionApiKeys(db: Database, grants: readonly ApiKeyGrant[]): Promise<void> {
  if (grants.length === 0) return;
  await db.transaction((tx) => insertGrants(tx, grants));
}

/**
 * Makes `grants` the whole key table, in one transaction: every stored key not among them is
 * revoked (deleted), then they are stored as {@link provisionApiKeys} does. `warrant serve` calls
 * it at every start, so the configured keys are authoritative: a key removed from the
 * configuration stops answering, and two keys of one tenant configured side by side rotate
 * without a gap. Resolves with how many stored keys were revoked.
 */
export async function replaceApiKeys(db: Database, grants: readonly ApiKeyGrant[]): Promise<{ revoked: number }> {
  return db.transaction(async (tx) => {
    const revoked = await tx.query<{ key_sha256: string }>('delete from api_keys where not (key_sha256 = any($1::text[])) returning key_sha256', [
      grants.map((g) => g.keySha256),
    ]);
    await insertGrants(tx, grants);
    return { revoked: revoked.length };
  });
}

async function insertGrants(tx: Queryable, grants: readonly ApiKeyGrant[]): Promise<void> {
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
}

/** Resolves bearer keys to tenants; see {@link openApiKeyring}. */
export interface ApiKeyring {
  /** The tenant `key` acts for, or `undefined` for an unknown key. */
  tenantOf(key: string): Promise<string | undefined>;
}

/** Options of {@link openApiKeyring}. */
export interface ApiKeyringOptions {
  /** Shortest time between two reloads caused by unknown keys, in ms. Default 1 000. */
  reloadIntervalMs?: number;
  /**
   * Age after which the table is read again before a known key is trusted, in ms. Default
   * 30 000: a key revoked by another replica's start stops answering here within that time.
   */
  refreshIntervalMs?: number;
  /**
   * Called when a reload finds no key at all — the database was recreated empty under a running
   * server (every start stores at least one key) — to store the server's own keys again. Default none.
   */
  whenEmpty?: () => Promise<void>;
}

/**
 * Keeps the stored digests in memory so checking a key costs one hash and one map lookup. An
 * unknown key reloads the table at most once per `reloadIntervalMs`, so a key provisioned by
 * another replica starts working within a second without letting a flood of wrong keys hammer
 * the store; a reload that fails is a `StoreError` (the server answers 503). A known key is
 * trusted from memory for `refreshIntervalMs`, then the table is read again (if that read fails,
 * the key is judged from memory: the request meets the outage itself if it needs the store).
 */
export async function openApiKeyring(
  db: Database,
  { reloadIntervalMs = 1000, refreshIntervalMs = 30_000, whenEmpty }: ApiKeyringOptions = {},
): Promise<ApiKeyring> {
  let byDigest = new Map<string, string>();
  let loadedAt = 0;
  let attemptedAt = 0; // a failing store is asked at most once per interval too
  let loading: Promise<void> | undefined;
  const load = () =>
    (loading ??= (async () => {
      attemptedAt = Date.now();
      try {
        const read = () => db.query<{ key_sha256: string; tenant_id: string }>('select key_sha256, tenant_id from api_keys');
        let rows = await read();
        if (rows.length === 0 && whenEmpty !== undefined) {
          await whenEmpty();
          rows = await read();
        }
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
      if (byDigest.has(digest)) {
        if (Date.now() - Math.max(loadedAt, attemptedAt) >= refreshIntervalMs) await load().catch(() => {});
        return byDigest.get(digest);
      }
      if (Date.now() - Math.max(loadedAt, attemptedAt) < reloadIntervalMs) return undefined;
      await load();
      return byDigest.get(digest);
    },
  };
}
