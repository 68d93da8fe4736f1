import { describe, expect, it } from 'vitest';
import { CopyIncompleteError } from './copy/index.js';
import { ConfigurationError, InputError, WarrantError } from './errors.js';
import { FixtureError } from './replay/index.js';
import { HttpProblem, problemOf } from './server/problem.js';
import { StoreError, UnstorableValueError } from './store/index.js';
import { ClaimRefusedError, WorkflowTextMissingError } from './turn/index.js';

// The built bundle is a second copy of every class, as a host gets when two packages each bring
// Warrant. Imported by path at run time so the type check never reads a stale build.
const built: typeof import('./index.js') = await import(new URL('../dist/index.mjs', import.meta.url).href);

const samples = {
  InputError: new InputError('turn input', [{ path: '$.turn_id', message: 'required' }]),
  ConfigurationError: new ConfigurationError('two workflows share the key trip'),
  StoreError: new StoreError('connection refused'),
  FixtureError: new FixtureError('fixtures/x.json: unknown kind'),
  HttpProblem: new HttpProblem(404, 'not_found', 'no such effect'),
  CopyIncompleteError: new CopyIncompleteError([{ struct: 'notice', field: 'conflict', locale: 'de' } as never]),
  WorkflowTextMissingError: new WorkflowTextMissingError(['trip.noun in de']),
  ClaimRefusedError: new ClaimRefusedError({ ok: false, code: 'receipt_without_events', blockId: 'b1' }),
} as const;

describe('errors: one hierarchy, grouped by fault', () => {
  it.each(Object.entries(samples))('%s is a WarrantError with a stable name and a fault', (name, error) => {
    expect(WarrantError.isInstance(error)).toBe(true);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe(name);
    expect(['input', 'configuration', 'store', 'model']).toContain(error.fault);
  });

  it('each subclass recognises only its own kind', () => {
    expect(InputError.isInstance(samples.StoreError)).toBe(false);
    expect(StoreError.isInstance(samples.InputError)).toBe(false);
    expect(HttpProblem.isInstance(samples.InputError)).toBe(false);
    expect(FixtureError.isInstance(samples.FixtureError)).toBe(true);
    expect(ClaimRefusedError.isInstance(samples.ClaimRefusedError)).toBe(true);
    expect(WarrantError.isInstance(new Error('plain'))).toBe(false);
    expect(WarrantError.isInstance(null)).toBe(false);
    expect(WarrantError.isInstance({ name: 'InputError', issues: [] })).toBe(false);
  });

  it('errors from a second copy of the package (the built bundle) are recognised by this copy, and back', () => {
    const fromBuild = new built.InputError('reply contract', [{ path: '$', message: 'x' }]);
    expect(fromBuild).not.toBeInstanceOf(InputError);
    expect(InputError.isInstance(fromBuild)).toBe(true);
    expect(WarrantError.isInstance(fromBuild)).toBe(true);
    expect(built.StoreError.isInstance(samples.StoreError)).toBe(true);
    expect(built.WarrantError.isInstance(samples.ConfigurationError)).toBe(true);
    expect(built.FixtureError.isInstance(samples.FixtureError)).toBe(true);
  });

  it('the server decides the status from the fault alone', () => {
    const status = (error: unknown) => problemOf(error, '/v0/x').status;
    expect(status(samples.InputError)).toBe(400);
    expect(status(samples.FixtureError)).toBe(400);
    expect(status(samples.HttpProblem)).toBe(404);
    expect(status(samples.StoreError)).toBe(503);
    expect(status(samples.ConfigurationError)).toBe(500);
    expect(problemOf(samples.WorkflowTextMissingError, '/').code).toBe('configuration_error');
    expect(status(new (class extends WarrantError {})('model', 'no answer'))).toBe(502);
    expect(status(new Error('a bug'))).toBe(500);
    expect(problemOf(new Error('a bug'), '/').code).toBe('internal_error');
  });

  it('problemOf is a pure mapping from the error’s class and fault: no SQLSTATE is read there', () => {
    const refused = new UnstorableValueError('effects could not be stored: invalid byte sequence', Object.assign(new Error('x'), { code: '22021' }));
    expect(problemOf(refused, '/')).toMatchObject({ status: 400, code: 'unstorable_input' });
    expect(problemOf(new StoreError('down', Object.assign(new Error('x'), { code: '57P01' })), '/')).toMatchObject({ status: 503, code: 'store_unavailable' });
    // A driver error no wrapper classified is a bug in the wrapping, not the store: it says so.
    expect(problemOf(Object.assign(new Error('raw'), { code: '57P01' }), '/')).toMatchObject({ status: 500, code: 'internal_error' });
    expect(problemOf(Object.assign(new Error('raw'), { code: '22021' }), '/')).toMatchObject({ status: 500, code: 'internal_error' });
    expect(problemOf(new ConfigurationError('model settings configured wrong', { issues: [{ path: 'env.WARRANT_MODEL', message: 'x' }] }), '/')).toMatchObject({
      status: 500,
      code: 'configuration_error',
    });
  });
});
