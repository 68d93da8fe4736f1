import { z } from 'zod';
const d = z.iso.datetime({ offset: true });
for (const s of ['2026-02-30T00:00:00Z', '2024-02-29T00:00:00Z', '0000-01-01T00:00:00Z', '9999-12-31T23:00:00-05:00', '0001-01-01T00:00:00+01:00', '2026-01-01T24:00:00Z', '2026-01-01T00:00:60Z'])
  console.log(s, d.safeParse(s).success, Date.parse(s), new Date(s).getUTCFullYear());
