/**
 * What a guest sees on /chatbot/create (product-core.md §2, "Create chatbot"): a hero with Create Free
 * Account, three feature cards (public bots, private bots, rewards) and, over a faded form, the Unlock
 * Bot Creation overlay. Both buttons open the Sign In modal through `onSignUp` (the page composes it).
 */
import styled from 'styled-components';
import { Button } from '../../../components/button';

const features = [
  {
    title: 'Public chatbots',
    text: 'Share your characters with the whole community and see how many people chat with them.',
  },
  {
    title: 'Private chatbots',
    text: 'Keep characters just for yourself, or share them by link only.',
  },
  {
    title: 'Creator rewards',
    text: 'Climb the monthly creators leaderboard and win free months of a paid plan.',
  },
] as const;

export function CreateTeaser({ onSignUp }: { onSignUp: () => void }) {
  return (
    <Wrapper>
      <Hero>
        <h1>Create your own chatbots</h1>
        <p>Bring any character to life in minutes. Only an email is needed.</p>
        <Button $variant="primary" onClick={onSignUp}>
          Create Free Account
        </Button>
      </Hero>
      <Features aria-label="What creators get">
        {features.map((f) => (
          <Feature key={f.title}>
            <h2>{f.title}</h2>
            <p>{f.text}</p>
          </Feature>
        ))}
      </Features>
      <Locked>
        <FakeForm aria-hidden="true">
          <span />
          <span />
          <span />
        </FakeForm>
        <Overlay>
          <Unlock role="region" aria-labelledby="unlock-bot-creation">
            <h2 id="unlock-bot-creation">Unlock Bot Creation</h2>
            <p>Sign up free to create, save and publish chatbots.</p>
            <Button $variant="primary" onClick={onSignUp}>
              Sign Up Free
            </Button>
          </Unlock>
        </Overlay>
      </Locked>
    </Wrapper>
  );
}

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xl};
  width: 100%;
  max-width: ${({ theme }) => theme.size.readingWidth};
  margin: 0 auto;
`;

const Hero = styled.section`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.xxl} ${({ theme }) => theme.space.xl};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.chip};
  color: ${({ theme }) => theme.color.onChip};

  h1 {
    font-size: ${({ theme }) => theme.font.size.xxl};
    line-height: ${({ theme }) => theme.font.lineHeight.tight};
  }
`;

const Features = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Feature = styled.li`
  padding: ${({ theme }) => theme.space.lg};
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};

  h2 {
    margin-bottom: ${({ theme }) => theme.space.xs};
    font-size: ${({ theme }) => theme.font.size.lg};
  }

  p {
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

const Locked = styled.div`
  position: relative;
  min-height: 260px;
  overflow: hidden;
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
`;

const FakeForm = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.xl};
  opacity: 0.4;

  span {
    display: block;
    height: ${({ theme }) => theme.size.iconButton};
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.color.skeleton};
  }
`;

/** Centres the unlock card over the faded form. */
const Overlay = styled.div`
  position: absolute;
  inset: 0;
  display: grid;
  place-items: center;
  padding: ${({ theme }) => theme.space.lg};
`;

/** On a solid surface in the theme's text colour, so it reads in both themes (issue 28, item 5). */
const Unlock = styled.section`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.xl};
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  box-shadow: 0 12px 32px ${({ theme }) => theme.color.shadow};
  color: ${({ theme }) => theme.color.text};
  text-align: center;

  h2 {
    font-size: ${({ theme }) => theme.font.size.xl};
  }
`;
