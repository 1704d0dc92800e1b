/**
 * Where a magic link or an OAuth sign-in lands (product-core.md §4, sign-in): the server has set the
 * refresh cookie and redirected to `/?signin=link` or `/?signin=oauth`, or to `/?signin=link-invalid`
 * (link used or expired) or `/?signin=oauth-failed`, which show the Error modal.
 */
import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ErrorModal } from '../../../components/error-modal';
import { errorText } from '../../../lib/errors';
import { useServices } from '../../../lib/services';

/** The landings that carry an error to show once. */
function failureText(signin: string | null): string | null {
  if (signin === 'link-invalid') return errorText({ code: 'login_link_invalid' });
  if (signin === 'oauth-failed') return errorText({ code: 'oauth_failed' });
  return null;
}

export function SignInLinkLanding() {
  const { session } = useServices();
  const search = useSearch();
  const [location, navigate] = useLocation();
  const signin = new URLSearchParams(search).get('signin');
  // The server redirects here on a full page load, so the first render already sees the query.
  const [failure, setFailure] = useState(() => failureText(signin));

  useEffect(() => {
    if (signin === null) return;
    const rest = new URLSearchParams(search);
    rest.delete('signin');
    const query = rest.toString();
    navigate(query === '' ? location : `${location}?${query}`, { replace: true });
    // The start-up refresh normally restored the session already; this covers a landing in an open tab.
    const isSignedInLanding = signin === 'link' || signin === 'oauth';
    if (isSignedInLanding && session.accessToken() === null) void session.refresh();
  }, [signin, search, location, navigate, session]);

  if (failure === null) return null;
  return (
    <ErrorModal
      message={failure}
      onClose={() => {
        setFailure(null);
      }}
    />
  );
}
