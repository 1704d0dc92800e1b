/**
 * The member picker (/groupchat/create/members; product-rules.md §5 "Picker"): rows with Add or Remove
 * from Explore (listed chatbots) or My Chatbots, at most 10 ('You can't add more than {n} chatbots.'),
 * and fewer than 2 asks first ('Minimum Chatbots Required': Save anyway or Cancel). Done returns to
 * the form with the selection. Done and the count stay at the foot of the screen however long the
 * list is (issue 28 §8), so a member never scrolls back to finish.
 */
import { useAtom } from 'jotai';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { useLocation } from 'wouter';
import { groupLimits } from '#shared/rules/group';
import type { GroupMember } from '#shared/schemas/group';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { FieldError, Input, Label, Select } from '../../../components/form-controls';
import { Modal } from '../../../components/modal';
import { Spinner } from '../../../components/spinner';
import { ErrorState } from '../../../components/state-panel';
import { errorText } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { useServices } from '../../../lib/services';
import { useQuery } from '../../../lib/use-query';
import { exploreChatbots, myChatbots } from '../api';
import { groupFormAtom } from '../atoms';
import { emptyGroupValues } from '../form-values';

type Source = 'explore' | 'mine';

export function MemberPicker() {
  const { api } = useServices();
  const id = useId();
  const [, navigate] = useLocation();
  const [inProgress, setInProgress] = useAtom(groupFormAtom);
  const form = inProgress ?? {
    formKey: 'create:new',
    returnTo: paths.groupCreate.build(),
    values: emptyGroupValues(),
  };
  const [selected, setSelected] = useState<GroupMember[]>(form.values.members);
  const [source, setSource] = useState<Source>('explore');
  const [search, setSearch] = useState('');
  const [limitError, setLimitError] = useState<string | null>(null);
  const [isAskingMinimum, setIsAskingMinimum] = useState(false);
  const rows = useQuery(`${source}:${source === 'explore' ? search : ''}`, async (signal) =>
    source === 'explore'
      ? exploreChatbots(api, search, signal)
      : (await myChatbots(api, signal)).filter((c) =>
          c.name.toLowerCase().includes(search.toLowerCase()),
        ),
  );

  const done = () => {
    setInProgress({ ...form, values: { ...form.values, members: selected } });
    navigate(form.returnTo);
  };

  const toggle = (row: GroupMember) => {
    setLimitError(null);
    if (selected.some((m) => m.id === row.id)) {
      setSelected(selected.filter((m) => m.id !== row.id));
    } else if (selected.length >= groupLimits.members.max) {
      setLimitError(`You can't add more than ${groupLimits.members.max} chatbots.`);
    } else {
      setSelected([...selected, row]);
    }
  };

  return (
    <Wrapper>
      <h1>Add Members</h1>
      <Controls>
        <div>
          <Label htmlFor={`${id}-source`}>Data source</Label>
          <Select
            id={`${id}-source`}
            value={source}
            onChange={(e) => {
              setSource(e.target.value === 'mine' ? 'mine' : 'explore');
            }}
          >
            <option value="explore">Explore</option>
            <option value="mine">My Chatbots</option>
          </Select>
        </div>
        <div>
          <Label htmlFor={`${id}-search`}>Search chatbots</Label>
          <Input
            id={`${id}-search`}
            type="search"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
            }}
          />
        </div>
      </Controls>
      {limitError !== null && <FieldError role="alert">{limitError}</FieldError>}
      {rows.status === 'loading' && <Spinner label="Loading chatbots" />}
      {rows.status === 'error' && (
        <ErrorState message={errorText(rows.error)} onRetry={rows.retry} />
      )}
      {rows.status === 'success' && (
        <Rows aria-label="Chatbots">
          {rows.data.map((c) => {
            const isSelected = selected.some((m) => m.id === c.id);
            const visibility = 'visibility' in c ? c.visibility : 'public';
            return (
              <li key={c.id}>
                <Avatar src={c.avatarUrl} name={c.name} size="sm" />
                <RowName>{c.name}</RowName>
                <Button
                  $variant={isSelected ? 'secondary' : 'primary'}
                  aria-label={`${isSelected ? 'Remove' : 'Add'} ${c.name}`}
                  onClick={() => {
                    toggle({ id: c.id, name: c.name, avatarUrl: c.avatarUrl, visibility });
                  }}
                >
                  {isSelected ? 'Remove' : 'Add'}
                </Button>
              </li>
            );
          })}
        </Rows>
      )}
      <Footer>
        <Count role="status">
          {selected.length} of {groupLimits.members.max} chatbots selected
        </Count>
        <Button
          onClick={() => {
            navigate(form.returnTo);
          }}
        >
          Cancel
        </Button>
        <Button
          $variant="primary"
          onClick={() => {
            if (selected.length < groupLimits.members.min) setIsAskingMinimum(true);
            else done();
          }}
        >
          Done
        </Button>
      </Footer>
      {isAskingMinimum && (
        <Modal
          title="Minimum Chatbots Required"
          onClose={() => {
            setIsAskingMinimum(false);
          }}
          actions={
            <>
              <Button
                onClick={() => {
                  setIsAskingMinimum(false);
                }}
              >
                Cancel
              </Button>
              <Button $variant="primary" onClick={done}>
                Save anyway
              </Button>
            </>
          }
        >
          A group chat needs at least {groupLimits.members.min} chatbots.
        </Modal>
      )}
    </Wrapper>
  );
}

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  max-width: 720px;
`;

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
`;

const Rows = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.sm};
  }
`;

/** The row's name takes the room between the avatar and the button, cut short when too long. */
const RowName = styled.span`
  flex: 1;
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
`;

/** Sticks to the foot of the viewport while the list scrolls under it, on every width. */
const Footer = styled.div`
  position: sticky;
  bottom: 0;
  z-index: ${({ theme }) => theme.zIndex.header};
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.sm} 0;
  border-top: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.background};
`;

const Count = styled.p`
  margin-right: auto;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
