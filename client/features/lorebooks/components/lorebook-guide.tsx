/**
 * The Lorebook Guide (product-rules.md, "Lorebook list import": shown once, a local flag): how our
 * lorebooks work, in the terms of shared/rules/lore-scan.ts and the limits of shared/rules/lorebook.ts.
 * With `showOnFirstVisit` it opens by itself the first time in this browser; its link opens it again.
 */
import { useRef, useState } from 'react';
import styled from 'styled-components';
import { lorebookLimits } from '#shared/rules/lorebook';
import { Button, LinkButton } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { hasSeenLorebookGuide, markLorebookGuideSeen } from '../guide-seen';
import { logicLabels, placementLabels } from '../setting-labels';

export function LorebookGuide({ showOnFirstVisit = false }: { showOnFirstVisit?: boolean }) {
  const [isOpen, setIsOpen] = useState(() => showOnFirstVisit && !hasSeenLorebookGuide());
  const linkRef = useRef<HTMLButtonElement>(null);
  const close = () => {
    markLorebookGuideSeen();
    setIsOpen(false);
  };
  return (
    <>
      <LinkButton
        ref={linkRef}
        aria-haspopup="dialog"
        onClick={() => {
          setIsOpen(true);
        }}
      >
        Lorebook Guide
      </LinkButton>
      {isOpen && (
        <Modal
          title="Lorebook Guide"
          onClose={close}
          returnFocusRef={linkRef}
          actions={
            <Button type="button" $variant="primary" onClick={close}>
              Got it
            </Button>
          }
        >
          <GuideText />
        </Modal>
      )}
    </>
  );
}

const { scanDepth, tokenBudget, entries, keywords, content, perCharacter } = lorebookLimits;

function GuideText() {
  return (
    <Sections>
      <p>
        A lorebook holds facts your chatbot only needs now and then. Each entry has keywords and
        content; when a keyword comes up in the chat, the entry&apos;s content is added to what the
        chatbot reads before it replies.
      </p>
      <section>
        <h3>Keywords</h3>
        <p>
          Give each entry {keywords.min} to {keywords.max} keywords, separated by commas. A keyword
          matches whatever its case, and only as a whole word or phrase: “moon” matches “The Moon
          rose” but not “honeymoon”. In Chinese, Japanese or Thai, written without spaces, a keyword
          matches anywhere; in Korean, a keyword matches with a particle after it too (“서울”
          matches “서울에”). Keywords are plain text, never patterns. Under More settings, Case
          sensitive makes “Rose” miss “rose”, and turning off Match whole words lets “moon” match
          “honeymoon”.
        </p>
      </section>
      <section>
        <h3>Constant entries and secondary keywords</h3>
        <p>
          A constant entry is always in the prompt and needs no keywords. Secondary keywords refine
          a match: once a keyword matched, {logicLabels.and_any}; {logicLabels.and_all};{' '}
          {logicLabels.not_any}; {logicLabels.not_all}.
        </p>
      </section>
      <section>
        <h3>Placement and probability</h3>
        <p>
          An entry goes {placementLabels.before_char.toLowerCase()} (the default),{' '}
          {placementLabels.after_char.toLowerCase()}, or into the chat at a depth: at depth 0 after
          the last message, at depth 2 before the last two. Probability is the chance, from 0 to 100
          %, that a matched entry goes in; each reply rolls again.
        </p>
      </section>
      <section>
        <h3>Recursive scanning</h3>
        <p>
          With recursive scanning on, the content of the entries that went in is searched too, so
          one entry can bring in another, a few rounds deep. Per entry, you can stop other entries
          triggering it, stop it triggering others, or let only other entries trigger it.
        </p>
      </section>
      <section>
        <h3>Scan depth</h3>
        <p>
          Only the last messages of the chat are searched. Scan depth says how many: {scanDepth.min}{' '}
          to {scanDepth.max}, {scanDepth.default} by default; at {scanDepth.min} the book never
          fires.
        </p>
      </section>
      <section>
        <h3>Token budget, priority and insertion order</h3>
        <p>
          A book adds at most its token budget ({tokenBudget.min} to{' '}
          {tokenBudget.max.toLocaleString('en-US')}, {tokenBudget.default} by default). When more
          entries match than fit, the highest priority is kept first, and the rest are left out.
          Insertion order places the kept entries, lowest first, and settles ties in priority. An
          entry that is not enabled never fires.
        </p>
      </section>
      <section>
        <h3>Limits</h3>
        <p>
          A book has {entries.min} to {entries.max} entries, each with content of {content.min} to{' '}
          {content.max.toLocaleString('en-US')} characters. A chatbot can use up to {perCharacter}{' '}
          lorebooks, attached in its editor while it is private. Lorebooks work on private chatbots
          only: a chatbot made public or unlisted keeps its lorebooks but does not read them until
          it is private again.
        </p>
      </section>
      <section>
        <h3>Test keywords</h3>
        <p>
          Type a sample message in the test box below the entries to see which entries fire, which
          are left out for the budget, which keyword matched and where each goes, before you save.
          The test box wins every probability roll and says how often such an entry goes in.
        </p>
      </section>
    </Sections>
  );
}

const Sections = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};

  p,
  h3 {
    margin: 0;
  }

  h3 {
    margin-bottom: ${({ theme }) => theme.space.xs};
    font-size: ${({ theme }) => theme.font.size.md};
  }
`;
