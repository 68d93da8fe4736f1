/**
 * The statement of one page of a tenant's records: `select` filtered on `tenant_id` and on each
 * condition whose value is defined, ordered by `order`, at most `limit` rows. A condition is SQL
 * with one `?` for its value; the $n parameters are numbered here so listings never count them.
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
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
  }
  params.push(limit);
  return { text: `${select} where ${where.join(' and ')} order by ${order} limit $${params.length}`, params };
}
