/**
 * A lorebook's page (product-rules.md "/lorebook/{id}"): share, the creator's link, tags and the
 * entries read-only; its creator also gets Edit and Export.
 */
import styled from 'styled-components';
import { Link } from 'wouter';
import type { Lorebook } from '#shared/schemas/lorebook';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { TagList } from '../../../components/tag-list';
import { paths } from '../../../lib/paths';
import { useToast } from '../../../lib/toast';
import { downloadLorebook } from './lorebook-editor';

export function LorebookDetail({ book }: { book: Lorebook }) {
  const toast = useToast();
  const share = async () => {
    const url = new URL(paths.lorebook.build(book.id), window.location.origin).toString();
    try {
      await navigator.clipboard.writeText(url);
      toast('Link copied');
    } catch {
      toast(url);
    }
  };
  return (
    <Wrapper>
      <Head>
        <Avatar src={book.avatarUrl} name={book.name} size="lg" alt="Lorebook avatar" />
        <div>
          <h1>{book.name}</h1>
          <p>{book.description}</p>
          {book.creatorUsername !== null && (
            <Link href={paths.creator.build(book.creatorUsername)}>@{book.creatorUsername}</Link>
          )}
        </div>
      </Head>
      <TagList tags={book.tags} />
      <Buttons>
        <Button onClick={() => void share()}>Share</Button>
        {book.isOwner && (
          <>
            <Button
              onClick={() => {
                downloadLorebook(book);
              }}
            >
              Export JSON
            </Button>
            <Link href={paths.lorebookEdit.build(book.id)} asChild>
              <EditLink>Edit</EditLink>
            </Link>
          </>
        )}
      </Buttons>
      <section aria-labelledby="lorebook-entries">
        <h2 id="lorebook-entries">
          Entries <Muted>{book.numEntries}/100 entries</Muted>
        </h2>
        <Entries>
          {book.entries.map((e) => (
            <li key={e.id}>
              <h3>{e.name}</h3>
              <Muted>Keywords: {e.keywords.join(', ')}</Muted>
              <p>{e.content}</p>
            </li>
          ))}
        </Entries>
      </section>
    </Wrapper>
  );
}

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  max-width: ${({ theme }) => theme.size.readingWidth};
  margin: 0 auto;
  overflow-wrap: anywhere;

  h2 {
    margin-bottom: ${({ theme }) => theme.space.sm};
    font-size: ${({ theme }) => theme.font.size.lg};
  }
`;

const Head = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.lg};
  align-items: center;

  h1 {
    font-size: ${({ theme }) => theme.font.size.xxl};
  }
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

const EditLink = styled.a`
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.primary};
  color: ${({ theme }) => theme.color.onPrimary};
  text-decoration: none;
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.regular};
`;

const Entries = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    padding: ${({ theme }) => theme.space.md};
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius.md};
    white-space: pre-wrap;
  }

  h3 {
    font-size: ${({ theme }) => theme.font.size.md};
  }
`;
