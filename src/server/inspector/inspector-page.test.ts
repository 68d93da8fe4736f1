import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inspectorContentSecurityPolicy } from '../routes/inspector.js';
import { inspectorPage } from './inspector-page.js';

const scratch = await mkdtemp(join(tmpdir(), 'warrant-inspector-'));
afterAll(() => rm(scratch, { recursive: true, force: true }));

describe('the inspector page', () => {
  it('inlines the built script once, and its policy lists that script’s hash and no other', async () => {
    const scriptPath = join(scratch, 'inspector.iife.js');
    await writeFile(scriptPath, '(function(){document.body.dataset.ran="yes"})();\n');
    const page = inspectorPage({ turns: true, scriptPath });
    expect(page.match(/<script>/g)).toHaveLength(1);
    expect(page).toContain('<script>(function(){document.body.dataset.ran="yes"})();\n</script>');
    expect(page).toContain('<body data-turns="true">');
    expect(inspectorContentSecurityPolicy(page)).toMatch(/script-src 'sha256-[A-Za-z0-9+/]+=*';/);
    expect(inspectorPage({ turns: false, scriptPath })).toContain('<body data-turns="false">');
  });

  it('a script holding "</script" cannot end its element early', async () => {
    const scriptPath = join(scratch, 'closing.iife.js');
    await writeFile(scriptPath, 'const s = "</script><img src=x>";');
    const page = inspectorPage({ turns: false, scriptPath });
    expect(page).toContain('<script>const s = "<\\/script><img src=x>";</script>');
  });

  it('with no build, the page says to build and runs no script', () => {
    const page = inspectorPage({ turns: true, scriptPath: join(scratch, 'missing.iife.js') });
    expect(page).not.toContain('<script');
    expect(page).toContain('npm run build');
    expect(inspectorContentSecurityPolicy(page)).toContain("script-src 'none'");
  });
});
