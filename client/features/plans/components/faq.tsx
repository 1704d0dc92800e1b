/**
 * The subscribe page's FAQ: each question a disclosure button that shows its answer. The spec gives no
 * FAQ texts; the answers state its own rules (product-rules.md §4 "Subscription", §9 "Checkout and
 * subscriptions").
 */
import { useId, useState } from 'react';
import styled from 'styled-components';

const entries: readonly { question: string; answer: string }[] = [
  {
    question: 'How much do I save by paying annually?',
    answer: 'About 16%: an annual plan costs about the same as ten months, so two months are free.',
  },
  {
    question: 'Does my subscription renew automatically?',
    answer:
      'Card subscriptions renew automatically at the end of each period. Some payment methods, such as regional wallets, do not renew automatically.',
  },
  {
    question: 'How do I cancel?',
    answer:
      'Card subscriptions can be cancelled from your profile. You keep access until the end of the period you paid for, and you can uncancel until then.',
  },
  {
    question: 'Which payment methods can I use?',
    answer:
      'Visa, Mastercard and Discover cards, plus alternative methods covering bank transfer, regional wallets and cryptocurrency.',
  },
  {
    question: 'Do higher tiers include the lower ones?',
    answer: 'Yes. Higher tiers include every feature of the tiers below them.',
  },
];

function Entry({ question, answer }: { question: string; answer: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const answerId = useId();
  return (
    <Item>
      <h3>
        <Question
          type="button"
          aria-expanded={isOpen}
          aria-controls={answerId}
          onClick={() => {
            setIsOpen((open) => !open);
          }}
        >
          <span>{question}</span>
          <span aria-hidden="true">{isOpen ? '−' : '+'}</span>
        </Question>
      </h3>
      <Answer id={answerId} hidden={!isOpen}>
        {answer}
      </Answer>
    </Item>
  );
}

export function Faq() {
  return (
    <section aria-labelledby="faq-heading">
      <Heading id="faq-heading">Frequently Asked Questions</Heading>
      <List>
        {entries.map((entry) => (
          <Entry key={entry.question} {...entry} />
        ))}
      </List>
    </section>
  );
}

const Heading = styled.h2`
  margin-bottom: ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.font.size.xl};
`;

const List = styled.div`
  border-top: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
`;

const Item = styled.div`
  border-bottom: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};

  h3 {
    font-size: ${({ theme }) => theme.font.size.md};
  }
`;

const Question = styled.button`
  display: flex;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  width: 100%;
  padding: ${({ theme }) => theme.space.md} 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.color.text};
  font: inherit;
  font-weight: ${({ theme }) => theme.font.weight.medium};
  text-align: left;
  cursor: pointer;
`;

const Answer = styled.p`
  padding-bottom: ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.color.textMuted};
  line-height: ${({ theme }) => theme.font.lineHeight.normal};
`;
