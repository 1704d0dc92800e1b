/**
 * The parts of the product a brand can switch off (issue 25 part 3; product-core.md §2: "{product} mode
 * redirects some paths to a not-found route"). Each names its pages and its API: a section a brand
 * switches off is not found on both, for that brand's visitors, whichever way they come. Features with
 * a flag (lorebooks, group chats, the leaderboard) are switched off by the brand's `featureFlags`.
 */
export const brandSections = {
  /** Plans, checkout, the portal and the pledge-service link. */
  subscriptions: {
    pages: [
      '/subscribe',
      '/subscribe-crypto',
      '/plan-comparison',
      '/sale',
      '/checkout',
      '/portal',
      '/manage-subscription',
      '/welcome',
      '/link',
    ],
    api: ['/api/plans', '/api/checkout', '/api/subscriptions', '/api/link', '/api/locations'],
  },
  /** Creator pages and blocking creators. */
  creators: {
    pages: ['/creator', '/blocked-creators'],
    api: ['/api/creators', '/api/me/blocked-creators'],
  },
  /** Personas. */
  personas: { pages: ['/personas'], api: ['/api/personas'] },
  /** The app download pages. */
  apps: { pages: ['/download', '/apps'], api: [] },
} as const satisfies Record<string, { pages: readonly string[]; api: readonly string[] }>;

export const brandSectionNames = [
  'subscriptions',
  'creators',
  'personas',
  'apps',
] as const satisfies readonly (keyof typeof brandSections)[];
export type BrandSection = (typeof brandSectionNames)[number];

/** Whether `path` (no query) is `prefix` or under it, a whole segment at a time. */
function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** Whether a page path or an API path belongs to a section among `sectionsOff`. */
export function isPathOff(
  sectionsOff: readonly BrandSection[],
  side: 'pages' | 'api',
  path: string,
): boolean {
  const bare = path.split(/[?#]/)[0] ?? path;
  return sectionsOff.some((section) =>
    brandSections[section][side].some((prefix) => isUnder(bare, prefix)),
  );
}
