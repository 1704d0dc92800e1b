/**
 * Chat and character text as people expect it in a roleplay (product-core.md, chat): Markdown read by
 * markdown-to-jsx, a well-kept parser that builds React elements (never an HTML string) with raw HTML
 * parsing off, so `<b>` or `<img onerror>` a model or a member writes shows as typed. `*actions*` are
 * italics, `**bold**` is bold, "speech" in quotes is marked, line breaks are kept, and {{user}} and
 * {{char}} are filled in (shared/rules/macros.ts). A marker not closed yet (a reply mid-stream) shows
 * as typed. Pictures are not loaded from text: an image shows its description.
 */
import { compiler, RuleType, type MarkdownToJSX } from 'markdown-to-jsx/react';
import { Fragment, type ReactNode } from 'react';
import styled from 'styled-components';
import { fillMacros } from '#shared/rules/macros';

/** Speech in straight or curly double quotes, quotes included. */
const speech = /("[^"\n]+"|“[^”\n]+”)/;

function withSpeech(text: string): ReactNode {
  const parts = text.split(speech);
  if (parts.length === 1) return text;
  return parts.map((part, i) =>
    i % 2 === 1 ? <Speech key={i}>{part}</Speech> : <Fragment key={i}>{part}</Fragment>,
  );
}

const options: Partial<MarkdownToJSX.Options> = {
  disableParsingRawHTML: true,
  disableAutoLink: true,
  forceWrapper: true,
  wrapper: Fragment,
  renderRule(next, node) {
    if (node.type === RuleType.text) return withSpeech(node.text);
    if (node.type === RuleType.image) return node.alt ?? '';
    return next();
  },
};

interface RoleplayTextProps {
  text: string;
  /** The names {{char}} and {{user}} stand for; without them the text is shown as stored. */
  names?: { char: string; user: string };
}

export function RoleplayText({ text, names }: RoleplayTextProps) {
  return <Prose>{compiler(names === undefined ? text : fillMacros(text, names), options)}</Prose>;
}

const Prose = styled.div`
  display: contents;

  p,
  ul,
  ol,
  blockquote,
  pre {
    margin: 0;
  }

  p + p,
  p + ul,
  p + ol,
  ul + p,
  ol + p {
    margin-top: ${({ theme }) => theme.space.sm};
  }

  ul,
  ol {
    padding-left: ${({ theme }) => theme.space.lg};
    white-space: normal;
  }

  em {
    opacity: 0.85;
  }

  /* Code in a reply (issue 28 §14): a block is boxed and scrolls sideways rather than wrap or widen
     the bubble; inline code is tinted. */
  code {
    padding: 0 ${({ theme }) => theme.space.xs};
    border-radius: ${({ theme }) => theme.radius.sm};
    background: ${({ theme }) => theme.color.surfaceAlt};
    color: ${({ theme }) => theme.color.text};
    font-family: ${({ theme }) => theme.font.familyMono};
    font-size: 0.9em;
  }

  pre {
    max-width: 100%;
    margin: ${({ theme }) => theme.space.sm} 0;
    padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
    overflow-x: auto;
    border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.color.surfaceAlt};
    white-space: pre;
  }

  pre code {
    padding: 0;
    background: none;
  }
`;

const Speech = styled.q`
  quotes: none;
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;
