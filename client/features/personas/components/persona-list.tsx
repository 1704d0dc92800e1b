/**
 * My Personas (product-rules.md "/personas"): a name-prefix search, the grid with the default first,
 * each card linking to its editor with a menu (Make Default, Delete), and the footer's Create New
 * (Limit Reached at the tier's allowance) and, when opened from a chat, 'Go Back to {character}'.
 */
import { useState } from 'react';
import styled from 'styled-components';
import { Link, useLocation } from 'wouter';
import { filterByNamePrefix } from '#shared/rules/persona';
import { tierNameOf } from '#shared/rules/plans';
import type { Persona } from '#shared/schemas/persona';
import { Button, ButtonAnchor } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Input } from '../../../components/form-controls';
import { Menu } from '../../../components/menu';
import { Modal } from '../../../components/modal';
import { Spinner } from '../../../components/spinner';
import { EmptyState, ErrorState } from '../../../components/state-panel';
import { toApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/errors';
import { useMe } from '../../../lib/member';
import { paths } from '../../../lib/paths';
import { useServices } from '../../../lib/services';
import { useToast } from '../../../lib/toast';
import { useQuery } from '../../../lib/use-query';
import { fetchPersonas, makeDefault, removePersona } from '../api';
import { LimitDialog } from './limit-dialog';
import { CardFrame, PersonaGrid, PersonaSummary } from './persona-card';

export const defaultDeleteText =
  'You cannot delete the default persona, please set another persona as the default or create a new one first.';

export function PersonaList({ back }: { back: { path: string; character: string } | null }) {
  const { api } = useServices();
  const toast = useToast();
  const me = useMe();
  const [, navigate] = useLocation();
  const [version, setVersion] = useState(0);
  const list = useQuery(`personas:${String(version)}`, (signal) => fetchPersonas(api, signal));
  const [search, setSearch] = useState('');
  const [deleting, setDeleting] = useState<Persona | null>(null);
  const [isDefaultInfo, setIsDefaultInfo] = useState(false);
  const [isLimitShown, setIsLimitShown] = useState(false);
  const [isBusy, setIsBusy] = useState(false);

  if (list.status === 'loading') return <Spinner label="Loading personas" />;
  if (list.status === 'error') {
    return <ErrorState message={errorText(list.error)} onRetry={list.retry} />;
  }
  const { items, limit } = list.data;
  const shown = filterByNamePrefix(items, search);

  const run = async (action: () => Promise<unknown>, done: string) => {
    setIsBusy(true);
    try {
      await action();
      toast(done);
      setVersion((v) => v + 1);
    } catch (err) {
      toast(errorText(toApiError(err)), 'error');
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <>
      <SearchRow>
        <Input
          type="search"
          aria-label="Search personas by name"
          placeholder="Search personas..."
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
          }}
        />
      </SearchRow>
      {shown.length === 0 ? (
        items.length === 0 ? (
          <EmptyState
            title="No personas yet"
            text="A persona is who you are in a chat: a name, a picture and a few lines the characters know about you."
          />
        ) : (
          <EmptyState title="No Results Found !" />
        )
      ) : (
        <PersonaGrid aria-label="Personas">
          {shown.map((persona) => (
            <li key={persona.id}>
              <CardFrame>
                <Link href={paths.personasEdit.build(persona.id)} asChild>
                  <CardLink aria-label={`Edit ${persona.name}`}>
                    <PersonaSummary persona={persona} />
                  </CardLink>
                </Link>
                <MenuCorner>
                  <Menu
                    label={`More actions for ${persona.name}`}
                    icon={
                      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                        <circle cx="12" cy="5" r="2" fill="currentColor" />
                        <circle cx="12" cy="12" r="2" fill="currentColor" />
                        <circle cx="12" cy="19" r="2" fill="currentColor" />
                      </svg>
                    }
                    items={[
                      ...(persona.isDefault
                        ? []
                        : [
                            {
                              label: 'Make Default',
                              onSelect: () => {
                                void run(
                                  () => makeDefault(api, persona.id),
                                  `${persona.name} is your default persona`,
                                );
                              },
                            },
                          ]),
                      {
                        label: 'Delete',
                        tone: 'danger' as const,
                        onSelect: () => {
                          if (persona.isDefault) setIsDefaultInfo(true);
                          else setDeleting(persona);
                        },
                      },
                    ]}
                  />
                </MenuCorner>
              </CardFrame>
            </li>
          ))}
        </PersonaGrid>
      )}
      <Footer>
        <Allowance>
          {items.length} of {limit} personas in the {tierNameOf(me?.role ?? 'free_tier')} tier
        </Allowance>
        {back !== null && (
          <Link href={back.path} asChild>
            <ButtonAnchor>Go Back to {back.character}</ButtonAnchor>
          </Link>
        )}
        <Button
          $variant="primary"
          onClick={() => {
            if (items.length >= limit) setIsLimitShown(true);
            else navigate(paths.personasCreate.build());
          }}
        >
          Create New
        </Button>
      </Footer>
      {deleting !== null && (
        <ConfirmDialog
          title="Delete persona"
          confirmLabel="Delete"
          isBusy={isBusy}
          onCancel={() => {
            setDeleting(null);
          }}
          onConfirm={() => {
            void run(() => removePersona(api, deleting.id), 'Persona deleted').then(() => {
              setDeleting(null);
            });
          }}
        >
          <p>Delete {deleting.name}? Chats with this persona move to your default persona.</p>
        </ConfirmDialog>
      )}
      {isDefaultInfo && (
        <Modal
          title="Default persona"
          onClose={() => {
            setIsDefaultInfo(false);
          }}
          actions={
            <Button
              onClick={() => {
                setIsDefaultInfo(false);
              }}
            >
              OK
            </Button>
          }
        >
          <p>{defaultDeleteText}</p>
        </Modal>
      )}
      {isLimitShown && (
        <LimitDialog
          limit={limit}
          role={me?.role ?? 'free_tier'}
          onClose={() => {
            setIsLimitShown(false);
          }}
        />
      )}
    </>
  );
}

const SearchRow = styled.div`
  max-width: 360px;
  margin-bottom: ${({ theme }) => theme.space.lg};
`;

const CardLink = styled.a`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  width: 100%;
  color: inherit;
  text-decoration: none;

  &:hover span:first-of-type {
    text-decoration: underline;
  }
`;

const MenuCorner = styled.div`
  position: absolute;
  top: ${({ theme }) => theme.space.xs};
  right: ${({ theme }) => theme.space.xs};
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.xl};
`;

/** The allowance, read before Create New rather than after it (issue 28 §6). */
const Allowance = styled.p`
  margin-right: auto;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
