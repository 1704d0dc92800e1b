import { Fragment } from 'react';

/**
 * Chat and character text rendered as text, never HTML. Roleplay *actions* between asterisks become
 * <em>; an asterisk still unclosed (a reply mid-stream) is shown as typed. Line breaks are kept by the
 * caller's `white-space: pre-wrap`.
 */
export function RoleplayText({ text }: { text: string }) {
  const parts = text.split('*');
  const hasUnclosed = parts.length % 2 === 0;
  return (
    <>
      {parts.map((part, i) => {
        if (i % 2 === 0) return <Fragment key={i}>{part}</Fragment>;
        if (hasUnclosed && i === parts.length - 1) return <Fragment key={i}>{`*${part}`}</Fragment>;
        return <em key={i}>{part}</em>;
      })}
    </>
  );
}
