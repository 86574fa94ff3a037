/**
 * The pages the owner writes (issue 36 item 2, docs/decisions/094) over HTTP: admins add, change,
 * move and remove them, refused in plain words with nothing saved (a reserved or taken address,
 * no title, a text too long); anyone reads the published ones, as sanitised HTML; each change is
 * in the audit log with the page's title. Runs on SQLite and, with SPROCKET_TEST_STORE=firestore,
 * on Firestore.
 */
import {
  API_BASE,
  apiPaths,
  pageMessages,
  PAGE_TEXT_MAX,
  RESERVED_PAGE_SLUGS,
  type ApiErrorBody,
  type AuditEntry,
  type ShopPage,
  type ShopPageSummary,
} from '@sprocket/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness, type TestUser } from '../../testing/api-harness.js';
import { seedPageList } from '../../seed/pages.js';
import { seedShopPages } from './pages.service.js';

let api: Harness;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  api = await startApi();
  [admin, customer] = await Promise.all([api.admin(), api.customer('pages')]);
});
afterAll(async () => {
  await api?.close();
});

/** Each test's own addresses, so the tests share the store without meeting. */
let next = 0;
const slugFor = (name: string) => `${name}-${Date.now().toString(36)}-${next++}`;

const pageInput = (slug: string, changes: Record<string, unknown> = {}) => ({
  slug,
  title: 'Returns',
  description: '',
  footer: 'services',
  published: true,
  markdown: '# Thirty days\n\nSend unused parts back within **30 days**.',
  ...changes,
});

type Answer = ShopPage & ApiErrorBody;
const addPage = (json: unknown, token: string | null = admin.token) =>
  api.request<Answer>('POST', apiPaths.adminPages(), { token: token ?? undefined, json });
const putPage = (slug: string, json: unknown) =>
  api.request<Answer>('PUT', apiPaths.adminPage(slug), { token: admin.token, json });
const publicPage = (slug: string) => api.request<Answer>('GET', apiPaths.page(slug));
const footerList = async () => (await api.request<ShopPageSummary[]>('GET', apiPaths.pages())).body;
const adminList = async () =>
  (await api.request<ShopPageSummary[]>('GET', apiPaths.adminPages(), { token: admin.token })).body;
const auditOf = async (slug: string) =>
  (
    await api.request<AuditEntry[]>('GET', apiPaths.adminAudit({ q: slug, pageSize: 100 }), {
      token: admin.token,
    })
  ).body.filter((entry) => entry.targetId === slug);

describe("the owner's pages", () => {
  it('are written by admins only', async () => {
    expect((await addPage(pageInput(slugFor('anon')), null)).status).toBe(401);
    expect((await addPage(pageInput(slugFor('customer')), customer.token)).status).toBe(403);
    expect(
      (await api.request('GET', apiPaths.adminPages(), { token: customer.token })).status,
    ).toBe(403);
  });

  it('are read by anyone once published, as HTML with a description; a draft only by admins', async () => {
    const slug = slugFor('returns');
    const added = await addPage(pageInput(slug));
    expect(added.status).toBe(201);
    const read = await publicPage(slug);
    expect(read.status).toBe(200);
    expect(read.headers.get('cache-control')).toBeTruthy();
    expect(read.body).toMatchObject({
      slug,
      title: 'Returns',
      footer: 'services',
      published: true,
      // Headings under the page's own title: "#" is a section.
      html: '<h2>Thirty days</h2>\n<p>Send unused parts back within <strong>30 days</strong>.</p>\n',
      description: 'Thirty days Send unused parts back within 30 days.',
    });
    expect(await footerList()).toContainEqual(
      expect.objectContaining({ slug, title: 'Returns', footer: 'services' }),
    );

    const draft = slugFor('draft');
    expect((await addPage(pageInput(draft, { published: false, title: 'Draft' }))).status).toBe(
      201,
    );
    expect((await publicPage(draft)).status).toBe(404);
    expect((await footerList()).map((page) => page.slug)).not.toContain(draft);
    expect((await adminList()).map((page) => page.slug)).toContain(draft);
    const forAdmin = await api.request<ShopPage>('GET', apiPaths.adminPage(draft), {
      token: admin.token,
    });
    expect(forAdmin.body).toMatchObject({ slug: draft, published: false });
    expect((await publicPage('no-such-page')).body.error.message).toBe(pageMessages.notFound);
    expect((await publicPage('Not A Slug!')).status).toBe(404);
  });

  it('carry no HTML, script or unsafe address of their own', async () => {
    const slug = slugFor('unsafe');
    const markdown = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '[click](javascript:alert(1)) [data](data:text/html;base64,PHNjcmlwdD4=)',
      '[entity](&#106;avascript:alert(1)) ![pic](vbscript:msgbox)',
      '[shipping](/pages/shipping) [mail](mailto:shop@example.com) [web](https://example.com)',
    ].join('\n\n');
    expect((await addPage(pageInput(slug, { markdown }))).status).toBe(201);
    const { html } = (await publicPage(slug)).body;
    expect(html).not.toMatch(/<script|<img|href="(?:javascript|data|vbscript)/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<a href="/pages/shipping">shipping</a>');
    expect(html).toContain('<a href="mailto:shop@example.com">mail</a>');
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer">web</a>');
  });

  it('refuse bad input in plain words and save nothing', async () => {
    const before = await adminList();
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ slug: 'admin' }, 'slug', pageMessages.slugReserved('admin')],
      [{ slug: 'parts' }, 'slug', pageMessages.slugReserved('parts')],
      [{ slug: 'Shipping Info' }, 'slug', pageMessages.slugPattern],
      [{ slug: '' }, 'slug', pageMessages.slugRequired],
      [{ slug: slugFor('untitled'), title: '  ' }, 'title', pageMessages.titleRequired],
      [{ slug: slugFor('empty'), markdown: ' \n ' }, 'markdown', pageMessages.textRequired],
      [
        { slug: slugFor('long'), markdown: 'x'.repeat(PAGE_TEXT_MAX + 1) },
        'markdown',
        pageMessages.textTooLong(PAGE_TEXT_MAX + 1),
      ],
    ];
    for (const [changes, field, message] of refusals) {
      const refused = await addPage({ ...pageInput('x'), ...changes });
      expect(refused.status, message).toBe(422);
      expect(refused.body.error.fields?.[field], message).toBe(message);
    }
    const slug = slugFor('taken');
    expect((await addPage(pageInput(slug))).status).toBe(201);
    const twice = await addPage(pageInput(slug, { title: 'Another' }));
    expect(twice.status).toBe(409);
    expect(twice.body.error.fields?.slug).toBe(pageMessages.slugTaken(slug));
    expect((await publicPage(slug)).body.title).toBe('Returns');
    expect((await adminList()).length).toBe(before.length + 1);
  });

  it('take a long text in any script, past the 64 KiB of other bodies', async () => {
    const slug = slugFor('long');
    const markdown = '€'.repeat(PAGE_TEXT_MAX);
    expect((await addPage(pageInput(slug, { markdown }))).status).toBe(201);
    expect((await publicPage(slug)).body.markdown).toBe(markdown);
  });

  it('are changed, moved to another address and removed, each change in the audit log', async () => {
    const slug = slugFor('terms');
    expect((await addPage(pageInput(slug, { title: 'Terms', footer: 'legal' }))).status).toBe(201);
    const edited = await putPage(slug, pageInput(slug, { title: 'Terms of use', footer: 'legal' }));
    expect(edited.status).toBe(200);
    expect(edited.body.title).toBe('Terms of use');

    const moved = slugFor('terms-of-use');
    const other = slugFor('other');
    expect((await addPage(pageInput(other))).status).toBe(201);
    const clash = await putPage(slug, pageInput(other, { title: 'Terms of use', footer: 'legal' }));
    expect(clash.status).toBe(409);
    expect(clash.body.error.fields?.slug).toBe(pageMessages.slugTaken(other));
    expect(
      (await putPage(slug, pageInput(moved, { title: 'Terms of use', footer: 'legal' }))).status,
    ).toBe(200);
    expect((await publicPage(slug)).status).toBe(404);
    expect((await publicPage(moved)).body.title).toBe('Terms of use');
    const listed = (await adminList()).filter((page) => [slug, moved].includes(page.slug));
    expect(listed.map((page) => page.slug)).toEqual([moved]);

    const removed = await api.request('DELETE', apiPaths.adminPage(moved), { token: admin.token });
    expect(removed).toMatchObject({ status: 200, body: { acknowledged: true, deletedCount: 1 } });
    expect((await publicPage(moved)).status).toBe(404);
    expect((await footerList()).map((page) => page.slug)).not.toContain(moved);
    expect(
      (await api.request('DELETE', apiPaths.adminPage(moved), { token: admin.token })).status,
    ).toBe(404);

    const [added] = await auditOf(slug);
    expect(added).toBeDefined();
    const entries = [...(await auditOf(slug)), ...(await auditOf(moved))];
    expect(entries.map((entry) => [entry.kind, entry.targetName, entry.byEmail]).sort()).toEqual(
      [
        ['page.added', 'Terms', admin.email],
        ['page.edited', 'Terms of use', admin.email],
        ['page.edited', 'Terms of use', admin.email],
        ['page.removed', 'Terms of use', admin.email],
      ].sort(),
    );
    const rename = entries.find(
      (entry) => entry.kind === 'page.edited' && entry.targetId === moved,
    );
    expect(rename?.before).toEqual({ slug });
    expect(rename?.after).toEqual({ slug: moved });
    const retitled = entries.find(
      (entry) => entry.kind === 'page.edited' && entry.targetId === slug,
    );
    expect(retitled?.before).toEqual({ title: 'Terms' });
    expect(retitled?.after).toEqual({ title: 'Terms of use' });
  });

  it("are seeded once for the demo shop, and a seeded page's address is taken", async () => {
    expect(await seedShopPages(api.store, seedPageList, new Date())).toBe(seedPageList.length);
    expect(await seedShopPages(api.store, seedPageList, new Date())).toBe(0);
    const footer = await footerList();
    for (const seeded of seedPageList)
      expect(footer, seeded.slug).toContainEqual(
        expect.objectContaining({ slug: seeded.slug, title: seeded.title, footer: seeded.footer }),
      );
    const twice = await addPage(pageInput('shipping'));
    expect(twice.status).toBe(409);
    expect(twice.body.error.fields?.slug).toBe(pageMessages.slugTaken('shipping'));
    expect((await publicPage('shipping')).body.title).toBe('Shipping');
    expect((await publicPage('terms')).body.html).toContain(
      '<a href="/pages/shipping">Shipping</a>',
    );
  });

  it("keep every address the API's routes start with out of the slugs a page may take", () => {
    const firsts = new Set(
      api.routes
        .map(({ path }) => path.slice(API_BASE.length).split('/')[1] ?? '')
        .filter((first) => first !== '' && first !== '*' && !first.startsWith(':')),
    );
    expect([...firsts].filter((first) => !RESERVED_PAGE_SLUGS.has(first))).toEqual([]);
  });
});
