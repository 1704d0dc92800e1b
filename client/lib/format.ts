/** Compact counts as the library shows them: 950, 1.2k, 3.4M. */
export function formatCount(n: number): string {
  if (n < 1000) return String(n);
  const [value, suffix] = n < 1_000_000 ? [n / 1000, 'k'] : [n / 1_000_000, 'M'];
  const rounded =
    value >= 100 ? Math.round(value).toString() : value.toFixed(1).replace(/\.0$/, '');
  return `${rounded}${suffix}`;
}

/** "1 message", "1.2k messages". */
export function formatMessageCount(n: number): string {
  return `${formatCount(n)} ${n === 1 ? 'message' : 'messages'}`;
}

/** "1 token", "1,234 tokens". */
export function formatTokenCount(n: number): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? 'token' : 'tokens'}`;
}
