/**
 * A thanks-for-subscribing page's countdown (product-rules.md §2, §9 "redirect after subscribe 10 s"):
 * the seconds left, shown live, a link to go now, and the redirect when they run out.
 */
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { thanksRedirectMs } from '#shared/rules/checkout';

export function RedirectCountdown({ to, label }: { to: string; label: string }) {
  const [, navigate] = useLocation();
  const [left, setLeft] = useState(Math.ceil(thanksRedirectMs / 1000));
  useEffect(() => {
    const startedAt = Date.now();
    const tick = window.setInterval(() => {
      setLeft(Math.max(0, Math.ceil((thanksRedirectMs - (Date.now() - startedAt)) / 1000)));
    }, 250);
    const leave = window.setTimeout(() => {
      navigate(to, { replace: true });
    }, thanksRedirectMs);
    return () => {
      window.clearInterval(tick);
      window.clearTimeout(leave);
    };
  }, [navigate, to]);
  return (
    <p>
      <span role="timer" aria-live="off">
        Redirecting in {left} {left === 1 ? 'second' : 'seconds'}.
      </span>{' '}
      <Link href={to}>{label}</Link>
    </p>
  );
}
