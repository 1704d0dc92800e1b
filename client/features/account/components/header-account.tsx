import styled from 'styled-components';
import { Link } from 'wouter';
import { paths } from '../../../app/paths';
import { useSession } from '../hooks/use-session';
import { SignInButton } from './sign-in-button';

function initialOf(name: string | null, email: string | null): string {
  return (name ?? email ?? '?').trim().charAt(0).toUpperCase() || '?';
}

/** The header's account corner (product-core.md, header): a Sign In button, or the avatar to profile. */
export function HeaderAccount() {
  const state = useSession();
  if (state.status === 'restoring') return <Placeholder aria-hidden="true" />;
  if (state.status === 'guest') return <SignInButton />;
  const { name, email } = state.session.user;
  return (
    <Link href={paths.profile.build()} asChild>
      <AvatarLink aria-label="Profile" title={email ?? name ?? 'Profile'}>
        <span aria-hidden="true">{initialOf(name, email)}</span>
      </AvatarLink>
    </Link>
  );
}

const Placeholder = styled.span`
  display: inline-block;
  width: ${({ theme }) => theme.size.iconButton};
  height: ${({ theme }) => theme.size.iconButton};
`;

const AvatarLink = styled.a`
  display: inline-grid;
  place-items: center;
  width: ${({ theme }) => theme.size.iconButton};
  height: ${({ theme }) => theme.size.iconButton};
  border-radius: 50%;
  background: ${({ theme }) => theme.color.chip};
  color: ${({ theme }) => theme.color.onChip};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  text-decoration: none;

  &:hover {
    background: ${({ theme }) => theme.color.surfaceHover};
  }
`;
