import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import { paths } from '../../../lib/paths';
import { useServices } from '../../../lib/services';
import { useQuery } from '../../../lib/use-query';
import { memberAvatarAtom } from '../../../lib/member';
import { useSession } from '../../../lib/session';
import { loadAvatarUrl } from '../api';
import { SignInButton } from './sign-in-button';

function initialOf(name: string | null, email: string | null): string {
  return (name ?? email ?? '?').trim().charAt(0).toUpperCase() || '?';
}

/**
 * The member's avatar URL for the header: what the profile page or an upload last set, else read once
 * from the profile (GET /api/me does not carry it). Null while unknown or when there is none.
 */
function useMemberAvatar(memberId: string): string | null {
  const { api } = useServices();
  const known = useAtomValue(memberAvatarAtom);
  const setAvatar = useSetAtom(memberAvatarAtom);
  const isKnown = known?.memberId === memberId;
  const avatar = useQuery(`header-avatar:${memberId}:${String(isKnown)}`, (signal) =>
    isKnown ? Promise.resolve(undefined) : loadAvatarUrl(api, signal),
  );
  const loaded = avatar.status === 'success' ? avatar.data : undefined;
  useEffect(() => {
    if (loaded !== undefined) setAvatar({ memberId, url: loaded });
  }, [loaded, memberId, setAvatar]);
  return isKnown ? known.url : null;
}

/** The header's account corner (product-core.md, header): a Sign In button, or the avatar to profile. */
export function HeaderAccount() {
  const state = useSession();
  if (state.status === 'restoring') return <Placeholder aria-hidden="true" />;
  if (state.status === 'guest') return <SignInButton />;
  const { id, name, email } = state.session.user;
  return <MemberAvatarLink key={id} memberId={id} name={name} email={email} />;
}

function MemberAvatarLink({
  memberId,
  name,
  email,
}: {
  memberId: string;
  name: string | null;
  email: string | null;
}) {
  const avatarUrl = useMemberAvatar(memberId);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const hasImage = avatarUrl !== null && failedUrl !== avatarUrl;
  return (
    <Link href={paths.profile.build()} asChild>
      <AvatarLink aria-label="Profile" title={email ?? name ?? 'Profile'}>
        {hasImage ? (
          <img
            src={avatarUrl}
            alt=""
            onError={() => {
              setFailedUrl(avatarUrl);
            }}
          />
        ) : (
          <span aria-hidden="true">{initialOf(name, email)}</span>
        )}
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
  overflow: hidden;
  border-radius: 50%;
  background: ${({ theme }) => theme.color.chip};
  color: ${({ theme }) => theme.color.onChip};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  text-decoration: none;

  &:hover {
    background: ${({ theme }) => theme.color.surfaceHover};
  }

  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;
