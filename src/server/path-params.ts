import { z } from 'zod';
import { wireString } from '../wire-string.js';

/** Longest id a path may carry: turn ids are the host's, up to 200 characters; ours are shorter. */
const MAX_PATH_ID_LENGTH = 256;

/** The `{id}` of `/v0/effects/{id}`, `/v0/turns/{id}`, `/v0/suggestions/{id}`, as the OpenAPI document shows it. */
export const idParamsSchema = z.strictObject({
  id: wireString().min(1).max(MAX_PATH_ID_LENGTH).describe('the record id'),
});
