/**
 * The footer's brand part (product-core.md §2, partner mode): Customer Support, Terms & Conditions,
 * Privacy Policy and Refund Policy from the application's branding, each shown only when set, and the
 * operator's bottom line of HTML, sanitised first.
 */
import { useMemo } from 'react';
import styled from 'styled-components';
import type { ApplicationSettings } from '#shared/schemas/application';
import { safeWebUrl, useAppSettings } from '../hooks/use-app-settings';
import { sanitizeFooterHtml } from '../sanitize';

type Branding = ApplicationSettings['branding'];

const legalLinks: readonly { key: keyof Branding; label: string }[] = [
  { key: 'customerSupportUrl', label: 'Customer Support' },
  { key: 'tcUrl', label: 'Terms & Conditions' },
  { key: 'privacyPolicyUrl', label: 'Privacy Policy' },
  { key: 'refundPolicyUrl', label: 'Refund Policy' },
];

export function FooterLinks() {
  const settings = useAppSettings();
  const branding = settings?.branding ?? {};
  const bottomLine = branding.footerBottomLineHtml ?? '';
  const safeBottomLine = useMemo(
    () => (bottomLine === '' ? '' : sanitizeFooterHtml(bottomLine)),
    [bottomLine],
  );
  const links = legalLinks.flatMap(({ key, label }) => {
    const url = safeWebUrl(branding[key]);
    return url === null ? [] : [{ url, label }];
  });
  if (links.length === 0 && safeBottomLine === '') return null;
  return (
    <Wrapper>
      {links.length > 0 && (
        <nav aria-label="Legal">
          <LinkList>
            {links.map(({ url, label }) => (
              <li key={label}>
                <a href={url} target="_blank" rel="noopener noreferrer">
                  {label}
                </a>
              </li>
            ))}
          </LinkList>
        </nav>
      )}
      {safeBottomLine !== '' && (
        // Sanitised by DOMPurify above: inline tags and safe links only.
        <BottomLine dangerouslySetInnerHTML={{ __html: safeBottomLine }} />
      )}
    </Wrapper>
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
