/**
 * The footer's brand links (FooterBrandLinks: social and app-store links) and its legal part (product-core.md §2, footer and partner mode): Customer Support when the
 * application's branding names it; Terms & Conditions, Privacy Policy, Refund Policy and Community
 * Guidelines, which open our own pages (issue 7 part 15) unless the branding points the first three
 * elsewhere; and the operator's bottom line of HTML, sanitised first.
 */
import { useMemo } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import type { ApplicationSettings } from '#shared/schemas/application';
import type { LegalPageSlug } from '#shared/schemas/legal-page';
import { paths } from '../../../lib/paths';
import { safeWebUrl, useAppSettings } from '../hooks/use-app-settings';
import { storeLabels } from './app-links';
import { sanitizeFooterHtml } from '../sanitize';

type Branding = ApplicationSettings['branding'];

/** Each link: the brand's own URL when set, else our page (none for support, which is the brand's). */
const legalLinks: readonly {
  key: keyof Branding | null;
  page: LegalPageSlug | null;
  label: string;
}[] = [
  { key: 'customerSupportUrl', page: null, label: 'Customer Support' },
  { key: 'tcUrl', page: 'terms', label: 'Terms & Conditions' },
  { key: 'privacyPolicyUrl', page: 'privacy', label: 'Privacy Policy' },
  { key: 'refundPolicyUrl', page: 'refund', label: 'Refund Policy' },
  { key: null, page: 'guidelines', label: 'Community Guidelines' },
];

/** A link to the brand's page (`url`) or to ours (`page`). */
type FooterLink =
  { label: string; url: string; page: null } | { label: string; url: null; page: LegalPageSlug };

export function FooterLinks() {
  const settings = useAppSettings();
  const branding = settings?.branding ?? {};
  const bottomLine = branding.footerBottomLineHtml ?? '';
  const safeBottomLine = useMemo(
    () => (bottomLine === '' ? '' : sanitizeFooterHtml(bottomLine)),
    [bottomLine],
  );
  const links = legalLinks.flatMap(({ key, page, label }): FooterLink[] => {
    const url = key === null ? null : safeWebUrl(branding[key]);
    if (url !== null) return [{ label, url, page: null }];
    return page === null ? [] : [{ label, url: null, page }];
  });
  return (
    <Wrapper>
      <nav aria-label="Legal">
        <LinkList>
          {links.map(({ label, url, page }) => (
            <li key={label}>
              {page === null ? (
                <a href={url} target="_blank" rel="noopener noreferrer">
                  {label}
                </a>
              ) : (
                <Link href={paths.legal.build(page)}>{label}</Link>
              )}
            </li>
          ))}
        </LinkList>
      </nav>
      {safeBottomLine !== '' && (
        // Sanitised by DOMPurify above: inline tags and safe links only.
        <BottomLine dangerouslySetInnerHTML={{ __html: safeBottomLine }} />
      )}
    </Wrapper>
  );
}

const networkLabels = { discord: 'Discord', x: 'X', reddit: 'Reddit' } as const;

/** The footer's social and app-store links (product-core.md §2, "Footer"), when the brand has any. */
export function FooterBrandLinks() {
  const settings = useAppSettings();
  if (settings === null) return null;
  const social = settings.socialLinks.flatMap(({ network, url }) => {
    const safe = safeWebUrl(url);
    return safe === null ? [] : [{ label: networkLabels[network], url: safe }];
  });
  const apps = settings.mobileApplications.flatMap(({ type, download_url }) => {
    const safe = safeWebUrl(download_url);
    return safe === null ? [] : [{ label: storeLabels[type] ?? `Download for ${type}`, url: safe }];
  });
  return (
    <>
      {social.length > 0 && (
        <nav aria-label="Social">
          <LinkList>
            {social.map(({ label, url }) => (
              <li key={url}>
                <a href={url} target="_blank" rel="noopener noreferrer">
                  {label}
                </a>
              </li>
            ))}
          </LinkList>
        </nav>
      )}
      {apps.length > 0 && (
        <nav aria-label="Apps">
          <LinkList>
            {apps.map(({ label, url }) => (
              <li key={url}>
                <a href={url} rel="noopener noreferrer">
                  {label}
                </a>
              </li>
            ))}
          </LinkList>
        </nav>
      )}
    </>
  );
}

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  width: 100%;
`;

const LinkList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.lg};
  padding: 0;
  list-style: none;

  a {
    color: ${({ theme }) => theme.color.text};
  }
`;

const BottomLine = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.xs};

  a {
    color: inherit;
  }
`;
