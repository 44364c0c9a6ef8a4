import { expect, test, type APIRequestContext } from '@playwright/test';
import { signUpViaApi } from './support';

// A hosted project that tries everything a hostile page would: read the viewer's cookies, call the API
// with the viewer's session, and (when framed) take over the top window. It writes what it got into its
// own page so the test can read it.
const HOSTILE_HTML = `<!doctype html>
<html><head><title>Hostile</title></head><body>
<h1>Hosted page</h1>
<pre id="out">running</pre>
<script>
(async () => {
  const out = {};
  const show = () => { document.getElementById('out').textContent = JSON.stringify(out); };
  try { out.cookie = document.cookie; } catch (e) { out.cookie = ''; out.cookieError = e.name; }
  try {
    const r = await fetch('/api/auth/user', { credentials: 'include' });
    out.status = r.status;
    out.body = await r.text();
  } catch (e) { out.fetchError = String(e.name); }
  try { out.parentTitle = window.parent.document.title; } catch (e) { out.parentError = e.name; }
  if (window.top !== window) {
    try { window.top.location.href = '/hijacked'; out.top = 'assigned'; } catch (e) { out.top = 'blocked:' + e.name; }
  } else {
    out.top = 'not framed';
  }
  out.done = true;
  show();
})();
</script>
</body></html>`;

async function createHostileProject(request: APIRequestContext): Promise<{ id: number; previewUrl: string }> {
  const form = new FormData();
  form.append(
    'project',
    JSON.stringify({
      title: 'Hostile page',
      description: 'Tries to escape its sandbox',
      thumbnail: 'https://example.com/x.png',
      category: 'Web Development',
      tutorialUrl: 'https://example.com/tutorial',
      hostingType: 'native',
    }),
  );
  form.append('projectFiles', new Blob([HOSTILE_HTML], { type: 'text/html' }), 'index.html');
  const res = await request.post('/api/projects', { multipart: form });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; previewUrl: string };
}

type Findings = { cookie: string; cookieError?: string; status?: number; body?: string; fetchError?: string; parentTitle?: string; parentError?: string; top: string; done: boolean };

test('a hosted script in the preview gets no cookie, no user data and cannot navigate the top window', async ({ page, baseURL }) => {
  const member = await signUpViaApi(page);
  // A cookie scripts of the main origin could read (the session cookie is HttpOnly anyway).
  await page.context().addCookies([{ name: 'probe', value: 'readable-by-scripts', url: baseURL! }]);
  const cookies = await page.context().cookies();
  expect(cookies.length).toBeGreaterThan(0);
  const project = await createHostileProject(page.request);

  const hijacks: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname === '/hijacked') hijacks.push(req.url());
  });
  await page.goto(`/project-preview/${project.id}`);
  const frame = page.frameLocator('[data-testid="project-preview-frame"]');
  await expect(frame.locator('#out')).toContainText('"done":true');
  const findings = JSON.parse((await frame.locator('#out').textContent())!) as Findings;

  expect(findings.cookie).toBe('');
  for (const c of cookies) expect(findings.cookie).not.toContain(c.value);
  expect(findings.status).not.toBe(200);
  expect(findings.body ?? '').not.toContain(member.email);
  expect(findings.parentTitle).toBeUndefined();
  expect(findings.parentError).toBe('SecurityError');

  // The attempted top navigation went nowhere: no request for it, the member is still on the preview,
  // still signed in. (The script reports done after the attempt, so a navigation would have started.)
  expect(findings.top).toBeTruthy();
  await expect(page.getByRole('heading', { name: 'Hostile page' })).toBeVisible();
  expect(hijacks).toEqual([]);
  await expect(page).toHaveURL(new RegExp(`/project-preview/${project.id}$`));
  const me = await page.request.get('/api/auth/user');
  expect(me.status()).toBe(200);
  expect(await page.getByTestId('project-preview-frame').getAttribute('sandbox')).toBe('allow-scripts allow-forms allow-popups');
});

test('a hosted page opened on its own is still sandboxed by its Content-Security-Policy', async ({ page, baseURL }) => {
  const member = await signUpViaApi(page);
  await page.context().addCookies([{ name: 'probe', value: 'readable-by-scripts', url: baseURL! }]);
  const project = await createHostileProject(page.request);
  const res = await page.goto(project.previewUrl);
  expect(res?.headers()['content-security-policy']).toBe('sandbox allow-scripts allow-forms allow-popups');
  expect(res?.headers()['x-content-type-options']).toBe('nosniff');
  await expect(page.locator('#out')).toContainText('"done":true');
  const findings = JSON.parse((await page.locator('#out').textContent())!) as Findings;
  expect(findings.cookie).toBe('');
  expect(findings.status).not.toBe(200);
  expect(findings.body ?? '').not.toContain(member.email);
});
