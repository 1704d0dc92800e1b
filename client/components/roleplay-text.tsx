import { Fragment } from 'react';
import { parseRoleplayMarkup } from './roleplay-markup';

/**
 * Chat and character text rendered as text, never HTML: `**bold**` becomes <strong> and roleplay
 * *actions* become <em> (roleplay-markup.ts); markers still unclosed (a reply mid-stream) are shown as
 * typed. Line breaks are kept by the caller's `white-space: pre-wrap`.
 */
export function RoleplayText({ text }: { text: string }) {
  return (
    <>
      {parseRoleplayMarkup(text).map((run, i) => {
        const italic = run.isItalic ? <em>{run.text}</em> : run.text;
        return run.isBold ? (
          <strong key={i}>{italic}</strong>
        ) : (
          <Fragment key={i}>{italic}</Fragment>
        );
      })}
    </>
  );
}
