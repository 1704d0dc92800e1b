/**
 * Banners and the ad settings on the real stack (issue 25 items 2 and 7): admins create, list, replace
 * and delete banners; members, guests and the anonymous are refused every write before their input is
 * read; bad input gets a 4xx naming the field with nothing stored; a screen shows only banners inside
 * their window, decided with a clock the test controls; paying members never get the ad snippet.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdSettingsSchema } from '#shared/api/ads';
import { commandNames } from '#shared/realtime/events';
import { BannerSchema, ShownBannerSchema, type BannerInput } from '#shared/schemas/banner';
import * as users from '#server/db/repositories/users.repo';
import * as bannerService from '#server/services/banners.service';
import { newGuestId } from '../../support/factories';
import { testConfig } from '../../support/config';
import { errorOf } from '../../support/http';
import { signInMember, type SignedInMember } from '../../support/members';
import { startSmtp, type LocalSmtp } from '../../support/smtp-server';
import { startStack, type Stack } from '../../support/stack';

let stack: Stack;
let smtp: LocalSmtp;
let admin: SignedInMember;
let member: SignedInMember;
const created: string[] = [];
const snippet =
  '<p id="ad">An ad</p><script>document.getElementById("ad").dataset.ran = "1";</script>';

const inject = (opts: InjectOptions) => stack.app.fastify.inject(opts);
const style = { color: '#112233', size: 'md', weight: 'regular' } as const;

/** A valid banner with a unique name. */
function bannerInput(overrides: Partial<BannerInput> = {}): BannerInput {
  return {
    name: `Banner ${randomUUID()}`,
    placement: 'top',
    screens: ['home'],
    platforms: ['web'],
    title: 'Black Friday: up to 40% off',
    titleStyle: style,
    description: 'This week only.',
    descriptionStyle: style,
    backgroundColor: '#222244',
    backgroundImageUrl: null,
    additionalImageUrl: 'https://cdn.example.com/sale.png',
    contentPlacement: 'center',
    actions: [
      {
        label: 'See plans',
        font: { size: 'md', weight: 'bold' },
        textColor: '#ffffff',
        backgroundColor: '#ff0066',
        shape: 'pill',
        placement: 'center',
        navigation: { type: 'internal', path: '/subscribe' },
      },
    ],
    closable: true,
    transitionTime: 200,
    startsAt: null,
    endsAt: null,
    ...overrides,
  };
}

async function create(input: BannerInput, headers = admin.headers) {
  const res = await inject({ method: 'POST', url: '/api/admin/banners', headers, payload: input });
  if (res.statusCode === 200) created.push(BannerSchema.parse(res.json()).id);
  return res;
}

async function bannerCount(): Promise<number> {
  const { n } = await stack.app.deps.db
    .selectFrom('banners')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

async function shownIds(screen: string, platform = 'web'): Promise<string[]> {
  const res = await inject({ url: `/api/banners?screen=${screen}&platform=${platform}` });
  expect(res.statusCode).toBe(200);
  const body = res.json<{ items: unknown[] }>();
  return body.items.map((item) => ShownBannerSchema.parse(item).id);
}

beforeAll(async () => {
  smtp = await startSmtp();
  const dir = mkdtempSync(path.join(tmpdir(), 'ads-'));
  const snippetFile = path.join(dir, 'snippet.html');
  writeFileSync(snippetFile, snippet);
  stack = await startStack(
    testConfig({ SMTP_URL: smtp.url, AD_AFTER_MESSAGES: '4', ADS_SNIPPET_FILE: snippetFile }),
    { workers: false },
  );
  // The first admin is made directly in the database; the role reaches the token at sign-in.
  const email = `admin-${randomUUID()}@example.com`;
  const row = await users.upsertMemberByEmail(stack.app.deps.db, email);
  await users.setRole(stack.app.deps.db, row.id, 'admin');
  admin = await signInMember(stack, smtp, email);
  expect(admin.session.user.role).toBe('admin');
  member = await signInMember(stack, smtp);
});

afterAll(async () => {
  if (created.length > 0) {
    await stack.app.deps.db.deleteFrom('banners').where('id', 'in', created).execute();
  }
  await stack.close();
  await smtp.close();
});

describe('admin banners', () => {
  it('creates, lists, reads, replaces and deletes a banner', async () => {
    const input = bannerInput();
    const res = await create(input);
    expect(res.statusCode).toBe(200);
    const banner = BannerSchema.parse(res.json());
    expect(banner).toMatchObject(input);

    const list = await inject({ url: '/api/admin/banners', headers: admin.headers });
    expect(list.json<{ items: { id: string }[] }>().items.map((b) => b.id)).toContain(banner.id);

    const replaced = await inject({
      method: 'PUT',
      url: `/api/admin/banners/${banner.id}`,
      headers: admin.headers,
      payload: bannerInput({ name: input.name, placement: 'bottom', screens: ['chat', 'home'] }),
    });
    expect(replaced.statusCode).toBe(200);
    expect(BannerSchema.parse(replaced.json())).toMatchObject({
      id: banner.id,
      placement: 'bottom',
      screens: ['chat', 'home'],
    });
    const read = await inject({ url: `/api/admin/banners/${banner.id}`, headers: admin.headers });
    expect(BannerSchema.parse(read.json()).placement).toBe('bottom');

    const deleted = await inject({
      method: 'DELETE',
      url: `/api/admin/banners/${banner.id}`,
      headers: admin.headers,
    });
    expect(deleted.json()).toEqual({ id: banner.id });
    const gone = await inject({ url: `/api/admin/banners/${banner.id}`, headers: admin.headers });
    expect(gone.statusCode).toBe(404);
    expect(errorOf(gone.json()).code).toBe('banner_not_found');
  });

  it('refuses members, guests and the anonymous every admin call, storing nothing', async () => {
    const { id } = BannerSchema.parse((await create(bannerInput())).json());
    const before = await bannerCount();
    const attempts: InjectOptions[] = [
      { method: 'GET', url: '/api/admin/banners' },
      { method: 'GET', url: `/api/admin/banners/${id}` },
      { method: 'POST', url: '/api/admin/banners', payload: bannerInput() },
      { method: 'PUT', url: `/api/admin/banners/${id}`, payload: bannerInput({ title: 'Hacked' }) },
      { method: 'DELETE', url: `/api/admin/banners/${id}` },
      // Refused before the input is read: a bad body is still forbidden, not validation_failed.
      { method: 'POST', url: '/api/admin/banners', payload: { name: 1 } },
    ];
    for (const attempt of attempts) {
      const asMember = await inject({ ...attempt, headers: member.headers });
      expect(asMember.statusCode).toBe(403);
      expect(errorOf(asMember.json()).code).toBe('forbidden');
      const asGuest = await inject({ ...attempt, headers: { 'x-guest-id': newGuestId() } });
      expect(errorOf(asGuest.json()).code).toBe('forbidden');
      const anonymous = await inject(attempt);
      expect(errorOf(anonymous.json()).code).toBe('sign_in_required');
    }
    expect(await bannerCount()).toBe(before);
    const read = await inject({ url: `/api/admin/banners/${id}`, headers: admin.headers });
    expect(BannerSchema.parse(read.json()).title).toBe('Black Friday: up to 40% off');
  });

  it('has no socket command that writes banners: the admin REST contracts are the only way', () => {
    expect(commandNames.filter((name) => /banner/i.test(name))).toEqual([]);
  });

  it('answers bad input with validation_failed naming the field, storing nothing', async () => {
    const before = await bannerCount();
    const action = bannerInput().actions[0];
    const cases: [unknown, string][] = [
      [{ ...bannerInput(), description: 'x'.repeat(501) }, 'description'],
      [{ ...bannerInput(), name: 'Sale\u0000' }, 'name'],
      [{ ...bannerInput(), closable: 'yes' }, 'closable'],
      [{ ...bannerInput(), screens: 'home' }, 'screens'],
      [{ ...bannerInput(), placement: 'sidebar' }, 'placement'],
      [{ ...bannerInput(), backgroundColor: 'red;x:url(y)' }, 'backgroundColor'],
      [{ ...bannerInput(), backgroundImageUrl: 'javascript:alert(1)' }, 'backgroundImageUrl'],
      [
        {
          ...bannerInput(),
          actions: [{ ...action, navigation: { type: 'internal', path: '//evil.example' } }],
        },
        'actions.0.navigation.path',
      ],
      [
        { ...bannerInput(), startsAt: '2026-02-02T00:00:00Z', endsAt: '2026-02-01T00:00:00Z' },
        'endsAt',
      ],
    ];
    for (const [payload, field] of cases) {
      const res = await inject({
        method: 'POST',
        url: '/api/admin/banners',
        headers: { ...admin.headers, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(res.statusCode, field).toBe(400);
      expect(errorOf(res.json())).toMatchObject({ code: 'validation_failed', field });
    }
    const malformed = await inject({
      method: 'PUT',
      url: '/api/admin/banners/not-a-uuid',
      headers: admin.headers,
      payload: bannerInput(),
    });
    expect(errorOf(malformed.json())).toMatchObject({ code: 'validation_failed', field: 'id' });
    const unknown = await inject({
      method: 'PUT',
      url: `/api/admin/banners/${randomUUID()}`,
      headers: admin.headers,
      payload: bannerInput(),
    });
    expect(errorOf(unknown.json()).code).toBe('banner_not_found');
    const huge = await inject({
      method: 'POST',
      url: '/api/admin/banners',
      headers: admin.headers,
      payload: { ...bannerInput(), description: 'x'.repeat(2_000_000) },
    });
    expect(huge.statusCode).toBe(413);
    expect(errorOf(huge.json()).code).toBe('payload_too_large');
    const badScreen = await inject({ url: '/api/banners?screen=admin' });
    expect(errorOf(badScreen.json())).toMatchObject({ code: 'validation_failed', field: 'screen' });
    expect(await bannerCount()).toBe(before);
  });

  it('takes many admins writing at once', async () => {
    const others = await Promise.all(
      Array.from({ length: 3 }, async () => {
        const email = `admin-${randomUUID()}@example.com`;
        const row = await users.upsertMemberByEmail(stack.app.deps.db, email);
        await users.setRole(stack.app.deps.db, row.id, 'admin');
        return signInMember(stack, smtp, email);
      }),
    );
    const before = await bannerCount();
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        create(bannerInput({ screens: ['profile'] }), (others[i % 3] ?? admin).headers),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 200));
    expect(await bannerCount()).toBe(before + 24);
    const reads = await Promise.all(Array.from({ length: 20 }, () => shownIds('profile')));
    for (const ids of reads) expect(ids).toHaveLength(1);
  });
});

describe('GET /api/banners', () => {
  it('shows a screen only the banners inside their window, by the clock it is given', async () => {
    const window = { startsAt: '2025-02-13T21:01:00Z', endsAt: '2025-02-15T07:59:00Z' };
    const valentine = BannerSchema.parse(
      (await create(bannerInput({ placement: 'popup', screens: ['subscribe'], ...window }))).json(),
    );
    const where = { screen: 'subscribe', platform: 'web' } as const;
    const idsAt = async (iso: string) =>
      (await bannerService.shownOn(stack.app.deps.db, where, new Date(iso))).map((b) => b.id);
    expect(await idsAt('2025-02-13T21:00:59Z')).not.toContain(valentine.id);
    expect(await idsAt('2025-02-13T21:01:00Z')).toContain(valentine.id);
    expect(await idsAt('2025-02-15T07:58:59Z')).toContain(valentine.id);
    expect(await idsAt('2025-02-15T07:59:00Z')).not.toContain(valentine.id);
    // By the real clock that window is long over.
    expect(await shownIds('subscribe')).not.toContain(valentine.id);
  });

  it('shows the banners of the screen and platform, without admin fields', async () => {
    const hour = 3_600_000;
    const open = BannerSchema.parse(
      (
        await create(
          bannerInput({
            placement: 'inline',
            screens: ['chatbot'],
            startsAt: new Date(Date.now() - hour).toISOString(),
            endsAt: new Date(Date.now() + hour).toISOString(),
          }),
        )
      ).json(),
    );
    const future = BannerSchema.parse(
      (
        await create(
          bannerInput({
            placement: 'bottom',
            screens: ['chatbot'],
            startsAt: new Date(Date.now() + hour).toISOString(),
          }),
        )
      ).json(),
    );
    const ios = BannerSchema.parse(
      (
        await create(bannerInput({ placement: 'top', screens: ['chatbot'], platforms: ['ios'] }))
      ).json(),
    );
    expect(await shownIds('chatbot')).toEqual([open.id]);
    expect(await shownIds('chatbot', 'ios')).toEqual([ios.id]);
    expect(await shownIds('home')).not.toContain(open.id);
    expect(await shownIds('chatbot')).not.toContain(future.id);
    const res = await inject({ url: '/api/banners?screen=chatbot' });
    const [item] = res.json<{ items: Record<string, unknown>[] }>().items;
    expect(item).not.toHaveProperty('name');
    expect(item).not.toHaveProperty('startsAt');
  });
});

describe('GET /api/ads', () => {
  it('gives guests and free members the snippet and the threshold, paying members nothing', async () => {
    const guest = await inject({ url: '/api/ads', headers: { 'x-guest-id': newGuestId() } });
    expect(AdSettingsSchema.parse(guest.json())).toEqual({
      displayAds: true,
      afterMessages: 4,
      snippet,
    });
    const free = await inject({ url: '/api/ads', headers: member.headers });
    expect(AdSettingsSchema.parse(free.json()).snippet).toBe(snippet);

    const email = `paid-${randomUUID()}@example.com`;
    const row = await users.upsertMemberByEmail(stack.app.deps.db, email);
    await users.setRole(stack.app.deps.db, row.id, 'paid_minimal');
    const paid = await signInMember(stack, smtp, email);
    const res = await inject({ url: '/api/ads', headers: paid.headers });
    expect(AdSettingsSchema.parse(res.json())).toEqual({
      displayAds: false,
      afterMessages: 4,
      snippet: null,
    });
  });

  it('allows the snippet inline script by its hash in the page policy', async () => {
    const res = await inject({ url: '/' });
    const policy = String(res.headers['content-security-policy']);
    expect(policy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(policy).not.toContain("'unsafe-inline' ;");
  });
});
