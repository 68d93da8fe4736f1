/**
 * The statement of one page of a tenant's records: `select` filtered on `tenant_id` and on each
 * condition whose value is defined, ordered by `order`, at most `limit` rows. A condition is SQL
 * with one `?` for its value, or with one `?` per element when its value is an array (a row
 * comparison such as `(committed_at, id) < (?, ?)`); the $n parameters are numbered here so
 * listings never count them.
 */
export function tenantPageQuery(
  select: string,
  tenantId: string,
  conditions: ReadonlyArray<readonly [sql: string, value: unknown]>,
  order: string,
  limit: number,
): { text: string; params: unknown[] } {
  const where = ['tenant_id = $1'];
  const params: unknown[] = [tenantId];
  for (const [sql, value] of conditions) {
    if (value === undefined) continue;
    const values: readonly unknown[] = Array.isArray(value) ? value : [value];
    let text = sql;
    for (const v of values) {
      params.push(v);
      text = text.replace('?', `$${params.length}`);
    }
    where.push(text);
  }
  params.push(limit);
  return { text: `${select} where ${where.join(' and ')} order by ${order} limit $${params.length}`, params };
}
