import { describe, expect, it } from 'vitest';
import { bannersShown, closedStateKey, isInWindow, type BannerTarget } from '#shared/rules/banners';
import { BannerInputSchema, type BannerInput } from '#shared/schemas/banner';

const at = (iso: string) => new Date(iso);

function target(overrides: Partial<BannerTarget> & { id: string }): BannerTarget & { id: string } {
  return {
    placement: 'top',
    screens: ['home'],
    platforms: ['web'],
    startsAt: null,
    endsAt: null,
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('isInWindow', () => {
  const window = { startsAt: '2025-02-13T21:01:00Z', endsAt: '2025-02-15T07:59:00Z' };

  it('shows from the start, inclusive, until the end, exclusive', () => {
    expect(isInWindow(window, at('2025-02-13T21:00:59.999Z'))).toBe(false);
    expect(isInWindow(window, at('2025-02-13T21:01:00Z'))).toBe(true);
    expect(isInWindow(window, at('2025-02-14T12:00:00Z'))).toBe(true);
    expect(isInWindow(window, at('2025-02-15T07:58:59.999Z'))).toBe(true);
    expect(isInWindow(window, at('2025-02-15T07:59:00Z'))).toBe(false);
  });

  it('treats a missing start or end as open', () => {
    expect(isInWindow({ startsAt: null, endsAt: null }, at('1999-01-01T00:00:00Z'))).toBe(true);
    expect(isInWindow({ startsAt: null, endsAt: window.endsAt }, at('2000-01-01T00:00:00Z'))).toBe(
      true,
    );
    expect(
      isInWindow({ startsAt: window.startsAt, endsAt: null }, at('2100-01-01T00:00:00Z')),
    ).toBe(true);
  });

  it('reads offsets other than Z', () => {
    const w = { startsAt: '2025-02-14T00:00:00+02:00', endsAt: null };
    expect(isInWindow(w, at('2025-02-13T21:59:59Z'))).toBe(false);
    expect(isInWindow(w, at('2025-02-13T22:00:00Z'))).toBe(true);
  });
});

describe('bannersShown', () => {
  const now = at('2026-06-01T12:00:00Z');
  const where = { screen: 'home', platform: 'web' } as const;

  it('keeps only banners meant for the screen and the platform', () => {
    const banners = [
      target({ id: 'home-web' }),
      target({ id: 'chat-web', placement: 'bottom', screens: ['chat'] }),
      target({ id: 'home-ios', placement: 'inline', platforms: ['ios', 'android'] }),
      target({ id: 'both', placement: 'popup', screens: ['chat', 'home'], platforms: ['web'] }),
    ];
    expect(bannersShown(banners, where, now).map((b) => b.id)).toEqual(['home-web', 'both']);
    expect(
      bannersShown(banners, { screen: 'chat', platform: 'web' }, now).map((b) => b.id),
    ).toEqual(['chat-web', 'both']);
    expect(
      bannersShown(banners, { screen: 'home', platform: 'ios' }, now).map((b) => b.id),
    ).toEqual(['home-ios']);
  });

  it('never shows a banner outside its window', () => {
    const banners = [
      target({ id: 'past', endsAt: '2026-06-01T12:00:00Z' }),
      target({ id: 'future', placement: 'bottom', startsAt: '2026-06-01T12:00:00.001Z' }),
      target({ id: 'now', placement: 'inline', startsAt: '2026-06-01T11:00:00Z' }),
    ];
    expect(bannersShown(banners, where, now).map((b) => b.id)).toEqual(['now']);
    expect(bannersShown(banners, where, at('2026-06-01T11:59:59Z')).map((b) => b.id)).toEqual([
      'past',
      'now',
    ]);
  });

  it('shows one banner per placement, the most recently changed, in placement order', () => {
    const banners = [
      target({ id: 'popup', placement: 'popup' }),
      target({ id: 'top-old', updatedAt: '2026-01-01T00:00:00Z' }),
      target({ id: 'top-new', updatedAt: '2026-02-01T00:00:00Z' }),
      target({ id: 'inline', placement: 'inline' }),
      target({ id: 'bottom', placement: 'bottom' }),
    ];
    expect(bannersShown(banners, where, now).map((b) => b.id)).toEqual([
      'top-new',
      'bottom',
      'inline',
      'popup',
    ]);
  });
});

describe('closedStateKey', () => {
  it('keys the closed state by screen and placement', () => {
    expect(closedStateKey('home', 'top')).toBe('home.top');
    expect(closedStateKey('home', 'top')).not.toBe(closedStateKey('chat', 'top'));
    expect(closedStateKey('home', 'top')).not.toBe(closedStateKey('home', 'popup'));
  });
});

describe('BannerInputSchema', () => {
  const style = { color: '#112233', size: 'md', weight: 'regular' } as const;
  const valid: BannerInput = {
    name: 'Black Friday',
    placement: 'top',
    screens: ['home'],
    platforms: ['web'],
    title: 'Black Friday: up to 40% off',
    titleStyle: style,
    description: '',
    descriptionStyle: style,
    backgroundColor: '#000000',
    backgroundImageUrl: null,
    additionalImageUrl: null,
    contentPlacement: 'center',
    actions: [
      {
        label: 'Get the deal',
        font: { size: 'md', weight: 'bold' },
        textColor: '#ffffff',
        backgroundColor: '#ff0066',
        shape: 'pill',
        placement: 'center',
        navigation: { type: 'internal', path: '/sale' },
      },
    ],
    closable: true,
    transitionTime: 300,
    startsAt: '2025-02-13T21:01:00Z',
    endsAt: '2025-02-15T07:59:00Z',
  };
  const fieldOf = (value: unknown) => {
    const result = BannerInputSchema.safeParse(value);
    return result.success ? null : result.error.issues[0]?.path.join('.');
  };

  it('accepts a full banner', () => {
    expect(fieldOf(valid)).toBeNull();
  });

  it('refuses colours that are not #rrggbb, which could smuggle CSS', () => {
    expect(fieldOf({ ...valid, backgroundColor: 'red;background:url(x)' })).toBe('backgroundColor');
    expect(fieldOf({ ...valid, titleStyle: { ...style, color: '#12345' } })).toBe(
      'titleStyle.color',
    );
  });

  it('refuses script and data URLs and other-origin internal paths', () => {
    expect(fieldOf({ ...valid, backgroundImageUrl: 'javascript:alert(1)' })).toBe(
      'backgroundImageUrl',
    );
    expect(fieldOf({ ...valid, additionalImageUrl: 'data:image/png;base64,AAAA' })).toBe(
      'additionalImageUrl',
    );
    const action = valid.actions[0];
    for (const path of [
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      'https://x',
    ]) {
      expect(
        fieldOf({ ...valid, actions: [{ ...action, navigation: { type: 'internal', path } }] }),
      ).toBe('actions.0.navigation.path');
    }
    expect(
      fieldOf({
        ...valid,
        actions: [{ ...action, navigation: { type: 'external', url: 'javascript:alert(1)' } }],
      }),
    ).toBe('actions.0.navigation.url');
  });

  it('refuses a window that ends before it starts, and repeated screens', () => {
    expect(fieldOf({ ...valid, endsAt: valid.startsAt })).toBe('endsAt');
    expect(fieldOf({ ...valid, screens: ['home', 'home'] })).toBe('screens');
  });

  it('requires a popup to have a title and be closable', () => {
    expect(fieldOf({ ...valid, placement: 'popup', title: '' })).toBe('title');
    expect(fieldOf({ ...valid, placement: 'popup', closable: false })).toBe('closable');
  });

  it('refuses oversize texts and wrong types', () => {
    expect(fieldOf({ ...valid, description: 'x'.repeat(501) })).toBe('description');
    expect(fieldOf({ ...valid, closable: 'yes' })).toBe('closable');
    expect(fieldOf({ ...valid, transitionTime: 1.5 })).toBe('transitionTime');
  });
});
