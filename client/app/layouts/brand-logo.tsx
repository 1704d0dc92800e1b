import styled from 'styled-components';
import { Link } from 'wouter';
import { safeWebUrl, useAppSettings } from '../../features/app-settings/hooks/use-app-settings';
import { productName } from '../../lib/brand-name';
import { paths } from '../../lib/paths';

/** The header's home link: the brand's logo picture and name, or the product's mark and name. */
export function BrandLogo() {
  const settings = useAppSettings();
  const name = settings?.name ?? productName;
  const logoUrl = safeWebUrl(settings?.logoUrl ?? undefined);
  return (
    <Link href={paths.home.build()} asChild>
      <Logo aria-label={`${name} home`} title={`${name} home`}>
        {logoUrl !== null ? (
          <img src={logoUrl} alt="" width="28" height="28" />
        ) : (
          <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
            <rect x="2" y="4" width="28" height="20" rx="8" fill="currentColor" />
            <path d="M9 24l-2 6 8-6z" fill="currentColor" />
            <circle cx="11" cy="14" r="2" />
            <circle cx="16" cy="14" r="2" />
            <circle cx="21" cy="14" r="2" />
          </svg>
        )}
        <span>{name}</span>
      </Logo>
    </Link>
  );
}

const Logo = styled.a`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radius.sm};
  color: ${({ theme }) => theme.color.primary};
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  text-decoration: none;

  img {
    object-fit: contain;
    border-radius: ${({ theme }) => theme.radius.sm};
  }

  span {
    color: ${({ theme }) => theme.color.text};

    @media (max-width: ${({ theme }) => theme.breakpoint.sm}) {
      display: none;
    }
  }

  circle {
    fill: ${({ theme }) => theme.color.surface};
  }
`;
