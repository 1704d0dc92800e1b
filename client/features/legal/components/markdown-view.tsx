/**
 * Markdown read by `lib/markdown.ts`, rendered as React elements (never HTML). Headings start at
 * `minHeadingLevel`, so a document under a page's own h1 keeps one h1. Same-site links navigate in the
 * app; web links open in a new tab without giving it access to this one.
 */
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import { parseMarkdown, type Block, type Inline } from '../../../lib/markdown';

export function MarkdownView({
  source,
  minHeadingLevel = 2,
}: {
  source: string;
  minHeadingLevel?: 1 | 2 | 3;
}) {
  return <Prose>{renderBlocks(parseMarkdown(source), minHeadingLevel)}</Prose>;
}

function renderBlocks(blocks: Block[], minLevel: number): ReactNode[] {
  return blocks.map((block, i) => renderBlock(block, minLevel, i));
}

function renderBlock(block: Block, minLevel: number, key: number): ReactNode {
  switch (block.type) {
    case 'heading': {
      const children = renderInlines(block.children);
      switch (Math.min(6, Math.max(minLevel, block.level))) {
        case 1:
          return <h1 key={key}>{children}</h1>;
        case 2:
          return <h2 key={key}>{children}</h2>;
        case 3:
          return <h3 key={key}>{children}</h3>;
        case 4:
          return <h4 key={key}>{children}</h4>;
        case 5:
          return <h5 key={key}>{children}</h5>;
        default:
          return <h6 key={key}>{children}</h6>;
      }
    }
    case 'paragraph':
      return <p key={key}>{renderInlines(block.children)}</p>;
    case 'list': {
      const items = block.items.map((item, i) => <li key={i}>{renderBlocks(item, minLevel)}</li>);
      return block.ordered ? (
        <ol key={key} start={block.start === 1 ? undefined : block.start}>
          {items}
        </ol>
      ) : (
        <ul key={key}>{items}</ul>
      );
    }
    case 'quote':
      return <blockquote key={key}>{renderBlocks(block.children, minLevel)}</blockquote>;
    case 'rule':
      return <hr key={key} />;
    case 'code':
      return (
        <pre key={key}>
          <code>{block.text}</code>
        </pre>
      );
  }
}

function renderInlines(nodes: Inline[]): ReactNode[] {
  return nodes.map((node, i) => {
    switch (node.type) {
      case 'text':
        return node.text;
      case 'break':
        return <br key={i} />;
      case 'strong':
        return <strong key={i}>{renderInlines(node.children)}</strong>;
      case 'em':
        return <em key={i}>{renderInlines(node.children)}</em>;
      case 'code':
        return <code key={i}>{node.text}</code>;
      case 'link': {
        const children = renderInlines(node.children);
        if (node.href.startsWith('/')) {
          return (
            <Link key={i} href={node.href}>
              {children}
            </Link>
          );
        }
        const isWeb = /^https?:/i.test(node.href);
        return (
          <a
            key={i}
            href={node.href}
            {...(isWeb ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            {children}
          </a>
        );
      }
    }
  });
}

const Prose = styled.div`
  color: ${({ theme }) => theme.color.text};
  line-height: ${({ theme }) => theme.font.lineHeight.normal};
  overflow-wrap: anywhere;

  > * + * {
    margin-top: ${({ theme }) => theme.space.md};
  }

  h2,
  h3,
  h4,
  h5,
  h6 {
    margin-top: ${({ theme }) => theme.space.xl};
    line-height: ${({ theme }) => theme.font.lineHeight.tight};
  }

  h2 {
    font-size: ${({ theme }) => theme.font.size.xl};
  }

  h3 {
    font-size: ${({ theme }) => theme.font.size.lg};
  }

  h4,
  h5,
  h6 {
    font-size: ${({ theme }) => theme.font.size.md};
  }

  ul,
  ol {
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space.xs};
    padding-left: ${({ theme }) => theme.space.xl};
  }

  li > * + * {
    margin-top: ${({ theme }) => theme.space.xs};
  }

  a {
    color: ${({ theme }) => theme.color.primary};
    text-decoration: underline;
    text-underline-offset: 0.15em;
  }

  blockquote {
    padding-left: ${({ theme }) => theme.space.lg};
    border-left: ${({ theme }) => theme.space.xs} solid ${({ theme }) => theme.color.border};
    color: ${({ theme }) => theme.color.textMuted};
  }

  hr {
    border: 0;
    border-top: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  }

  code {
    padding: 0 ${({ theme }) => theme.space.xs};
    border-radius: ${({ theme }) => theme.radius.sm};
    background: ${({ theme }) => theme.color.surfaceAlt};
    font-size: 0.9em;
  }

  pre {
    overflow-x: auto;
    padding: ${({ theme }) => theme.space.md};
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.color.surfaceAlt};

    code {
      padding: 0;
      background: none;
    }
  }
`;
