import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abortable } from './abortable.js';
import type { Database } from './database.js';
import { storeTargets } from './testing.js';

describe.each(storeTargets())('a store seen through an abort signal, on $name', (target) => {
  let db: Database;
  beforeAll(async () => {
    db = await target.open();
    await db.query('create table marks (tag text not null)');
  });
  afterAll(async () => {
    await db.close();
  });
  const marks = async (tag: string) => (await db.query<{ n: number }>('select count(*)::int8 as n from marks where tag = $1', [tag]))[0]!.n;

  it('runs statements and commits transactions while the signal is not aborted', async () => {
    const view = abortable(db, new AbortController().signal);
    await view.query('insert into marks values ($1)', ['live']);
    await view.transaction((tx) => tx.query('insert into marks values ($1)', ['live']));
    expect(await marks('live')).toBe(2);
  });

  it('refuses every statement once aborted, with the signal’s reason, and sends none', async () => {
    const controller = new AbortController();
    const view = abortable(db, controller.signal);
    controller.abort();
    const query = await view.query('insert into marks values ($1)', ['refused']).catch((e: unknown) => e);
    const transaction = await view.transaction((tx) => tx.query('insert into marks values ($1)', ['refused'])).catch((e: unknown) => e);
    expect(query).toBe(controller.signal.reason);
    expect(transaction).toBe(controller.signal.reason);
    expect((query as DOMException).name).toBe('AbortError');
    expect(await marks('refused')).toBe(0);
  });

  it('an abort during a transaction rolls it back: statements already run are not committed', async () => {
    const controller = new AbortController();
    const reason = new DOMException('the client left', 'AbortError');
    const view = abortable(db, controller.signal);
    const error = await view
      .transaction(async (tx) => {
        await tx.query('insert into marks values ($1)', ['rolled-back']);
        controller.abort(reason);
      })
      .catch((e: unknown) => e);
    expect(error).toBe(reason);
    expect(await marks('rolled-back')).toBe(0);
  });

  it('an abort between statements of a transaction refuses the next one and rolls back the first', async () => {
    const controller = new AbortController();
    const view = abortable(db, controller.signal);
    const error = await view
      .transaction(async (tx) => {
        await tx.query('insert into marks values ($1)', ['half']);
        controller.abort();
        await tx.query('insert into marks values ($1)', ['half']);
      })
      .catch((e: unknown) => e);
    expect((error as DOMException).name).toBe('AbortError');
    expect(await marks('half')).toBe(0);
  });

  it('an abort after the commit changes nothing: the committed rows stay', async () => {
    const controller = new AbortController();
    const view = abortable(db, controller.signal);
    await view.transaction((tx) => tx.query('insert into marks values ($1)', ['kept']));
    controller.abort();
    expect(await marks('kept')).toBe(1);
  });
});
