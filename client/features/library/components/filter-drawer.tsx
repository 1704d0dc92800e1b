/**
 * The filter panel (product-core.md "Listing screens"): tags, languages and definition sizes, chosen
 * in a drawer that slides in from the side (full width on a phone) and applied with Show Results.
 */
import { useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import {
  definitionSizeNames,
  definitionSizes,
  libraryLanguages,
  type DefinitionSize,
} from '#shared/rules/library';
import { Button } from '../../../components/button';
import { CheckboxField } from '../../../components/checkbox-field';
import { useFocusTrap } from '../../../components/use-focus-trap';
import { useLibraryTags } from '../hooks/use-library-page';
import { offeredTags, type LibraryFilters } from '../filters';

type Chosen = Pick<LibraryFilters, 'tags' | 'languages' | 'sizes'>;

interface FilterDrawerProps {
  initial: Chosen;
  /** Whether NSFW chatbots are shown, so the NSFW special tags may be offered. */
  isNsfwShown: boolean;
  onApply: (chosen: Chosen) => void;
  onClose: () => void;
}

function toggled<T>(list: readonly T[], value: T, on: boolean): T[] {
  return on ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value);
}

export function FilterDrawer({ initial, isNsfwShown, onApply, onClose }: FilterDrawerProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const [chosen, setChosen] = useState<Chosen>(initial);
  const tags = useLibraryTags();
  useFocusTrap(ref, { focusFirst: true, onEscape: onClose, returnFocus: {} });
  const tagNames = offeredTags(
    chosen.tags,
    tags.status === 'success' ? tags.data.items.map((t) => t.name) : [],
    isNsfwShown,
  );

  return createPortal(
    <Backdrop
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <Panel ref={ref} role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <Header>
          <h2 id={titleId}>Filters</h2>
          <Button $variant="ghost" onClick={onClose} aria-label="Close filters">
            ✕
          </Button>
        </Header>
        <Sections>
          <Group>
            <legend>Tags</legend>
            {tags.status === 'loading' && <Muted>Loading tags…</Muted>}
            {tags.status === 'error' && <Muted>Tags could not be loaded.</Muted>}
            <Options>
              {tagNames.map((tag) => (
                <CheckboxField
                  key={tag}
                  label={tag}
                  checked={chosen.tags.includes(tag)}
                  onChange={(on) => {
                    setChosen((c) => ({ ...c, tags: toggled(c.tags, tag, on) }));
                  }}
                />
              ))}
            </Options>
          </Group>
          <Group>
            <legend>Language</legend>
            <Options>
              {Object.entries(libraryLanguages).map(([code, name]) => (
                <CheckboxField
                  key={code}
                  label={name}
                  checked={chosen.languages.includes(code)}
                  onChange={(on) => {
                    setChosen((c) => ({ ...c, languages: toggled(c.languages, code, on) }));
                  }}
                />
              ))}
            </Options>
          </Group>
          <Group>
            <legend>Definition size</legend>
            <Options>
              {definitionSizeNames.map((size: DefinitionSize) => (
                <CheckboxField
                  key={size}
                  label={definitionSizes[size].label}
                  checked={chosen.sizes.includes(size)}
                  onChange={(on) => {
                    setChosen((c) => ({ ...c, sizes: toggled(c.sizes, size, on) }));
                  }}
                />
              ))}
            </Options>
          </Group>
        </Sections>
        <Footer>
          <Button
            onClick={() => {
              setChosen({ tags: [], languages: [], sizes: [] });
            }}
          >
            Clear All
          </Button>
          <Button
            $variant="primary"
            onClick={() => {
              onApply(chosen);
            }}
          >
            Show Results
          </Button>
        </Footer>
      </Panel>
    </Backdrop>,
    document.body,
  );
}

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndex.modal};
  display: flex;
  justify-content: flex-end;
  background: ${({ theme }) => theme.color.overlay};
`;

const Panel = styled.div`
  display: flex;
  flex-direction: column;
  width: min(400px, 100%);
  height: 100%;
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  box-shadow: 0 0 48px ${({ theme }) => theme.color.shadow};
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg};
  border-bottom: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};

  h2 {
    font-size: ${({ theme }) => theme.font.size.xl};
  }
`;

const Sections = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xl};
  overflow-y: auto;
  padding: ${({ theme }) => theme.space.lg};
`;

const Group = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;

  legend {
    margin-bottom: ${({ theme }) => theme.space.sm};
    font-weight: ${({ theme }) => theme.font.weight.bold};
  }
`;

const Options = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(150px, 1fr));
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
`;

const Footer = styled.div`
  display: flex;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg};
  border-top: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
`;
