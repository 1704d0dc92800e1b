/**
 * The lorebook section of a private chatbot's editor (product-core.md §6: shown only when the bot is
 * private): the books it carries with Detach, and Attach for one of the member's other books.
 */
import { useId, useState } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import type { AttachedLorebook } from '#shared/schemas/lorebook';
import { Button } from '../../../components/button';
import { Field, Label, Select } from '../../../components/form-controls';
import { Spinner } from '../../../components/spinner';
import { toApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { useServices } from '../../../lib/services';
import { useToast } from '../../../lib/toast';
import { useQuery } from '../../../lib/use-query';
import { attach, detach, fetchAttached, fetchMyLorebooks } from '../api';

export function LorebookSection({ characterId }: { characterId: string }) {
  const { api } = useServices();
  const toast = useToast();
  const id = useId();
  const loaded = useQuery(`character-lorebooks:${characterId}`, async (signal) => {
    const [attached, mine] = await Promise.all([
      fetchAttached(api, characterId, signal),
      fetchMyLorebooks(api, signal),
    ]);
    return { attached, mine };
  });
  const [attached, setAttached] = useState<AttachedLorebook[] | null>(null);
  const [choice, setChoice] = useState('');
  const [isBusy, setIsBusy] = useState(false);

  if (loaded.status === 'loading') return <Spinner label="Loading lorebooks" />;
  if (loaded.status === 'error') return null;
  const current = attached ?? loaded.data.attached;
  const available = loaded.data.mine.filter((b) => !current.some((a) => a.id === b.id));

  const run = async (action: () => Promise<AttachedLorebook[]>, done: string) => {
    setIsBusy(true);
    try {
      setAttached(await action());
      setChoice('');
      toast(done);
    } catch (err) {
      toast(errorText(toApiError(err)), 'error');
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Lorebooks</h2>
      {current.length === 0 ? (
        <p>No lorebook attached.</p>
      ) : (
        <List aria-label="Attached lorebooks">
          {current.map((book) => (
            <li key={book.id}>
              <Link href={paths.lorebook.build(book.id)}>{book.name}</Link>
              <span>{book.numEntries}/100 entries</span>
              <Button
                $variant="ghost"
                disabled={isBusy}
                aria-label={`Detach ${book.name}`}
                onClick={() =>
                  void run(() => detach(api, characterId, book.id), 'Lorebook detached')
                }
              >
                Detach
              </Button>
            </li>
          ))}
        </List>
      )}
      {available.length > 0 ? (
        <AttachRow>
          <Field>
            <Label htmlFor={`${id}-choice`}>Attach a lorebook</Label>
            <Select
              id={`${id}-choice`}
              value={choice}
              onChange={(e) => {
                setChoice(e.target.value);
              }}
            >
              <option value="">Choose a lorebook</option>
              {available.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </Select>
          </Field>
          <Button
            disabled={choice === '' || isBusy}
            onClick={() => void run(() => attach(api, characterId, choice), 'Lorebook attached')}
          >
            Attach
          </Button>
        </AttachRow>
      ) : (
        <p>
          <Link href={paths.lorebookCreate.build()}>Create a lorebook</Link> to attach it here.
        </p>
      )}
    </Section>
  );
}

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  max-width: ${({ theme }) => theme.size.readingWidth};
  margin: ${({ theme }) => theme.space.xxl} auto 0;
  padding: ${({ theme }) => theme.space.lg};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};

  h2 {
    font-size: ${({ theme }) => theme.font.size.lg};
  }
`;

const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${({ theme }) => theme.space.md};
  }

  span {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
`;

const AttachRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.sm};
`;
